import { renderErrorsDoc } from '../src/errors/render-docs.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  render: () => string | Promise<string>;
}

/** Every generated file in the repository. Add a row when a new derived file appears. */
export const generatedFiles: GeneratedFile[] = [{ path: 'docs/errors.md', render: renderErrorsDoc }];
