import type { NormalizedHandler } from '../../model/handler.ts';
import { parseYamlDoc, splitFrontmatter } from '../parse/frontmatter.ts';
import { type PathSegment, type Position, parseJsonDoc } from '../parse/source-doc.ts';
import type { ConfigKind } from '../read-config.ts';

/** One thing the target dialect cannot say, with where the source said it. */
export interface LossyStep {
  code: 'CONFIG_CONVERT_LOSSY';
  message: string;
  file: string;
  /** JSON pointer into the source file (the handler, or the field that was lost). */
  pointer: string;
  line?: number;
  column?: number;
  /** Canonical event of the handler concerned. */
  event?: string;
  /** Source field that was dropped or changed, when one is. */
  field?: string;
}

type Locate = (pointer: string) => Position | undefined;

function pointerPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Positions of source pointers, for lossy steps on a field rather than on a whole handler. */
export function sourceLocator(text: string, kind: ConfigKind): Locate {
  let parsed: ReturnType<typeof parseJsonDoc> | undefined;
  if (kind === 'frontmatter') {
    const front = splitFrontmatter(text);
    if (front) parsed = parseYamlDoc(front.yaml, front.lineOffset);
  } else {
    parsed = parseJsonDoc(text, true);
  }
  if (parsed === undefined || !parsed.ok) return () => undefined;
  const { doc } = parsed;
  return (pointer) => doc.locate(pointerPath(pointer), true);
}

/** Collects lossy steps for one conversion. */
export class LossyLog {
  readonly steps: LossyStep[] = [];
  constructor(
    private readonly file: string,
    private readonly locate: Locate,
  ) {}

  /** A lost field of a handler (`field` undefined = the whole handler). */
  add(handler: NormalizedHandler, field: string | undefined, message: string): void {
    const pointer =
      field === undefined ? handler.source.pointer : fieldPointer(handler.source.pointer, field);
    const at = this.locate(pointer) ?? lineOf(handler);
    this.steps.push({
      code: 'CONFIG_CONVERT_LOSSY',
      message,
      file: this.file,
      pointer,
      ...(at ?? {}),
      event: handler.event,
      ...(field === undefined ? {} : { field }),
    });
  }

  addAt(pointer: string, message: string, event?: string): void {
    const at = this.locate(pointer);
    this.steps.push({
      code: 'CONFIG_CONVERT_LOSSY',
      message,
      file: this.file,
      pointer,
      ...(at ?? {}),
      ...(event === undefined ? {} : { event }),
    });
  }
}

/** A matcher of a Claude group sits on the group (`/hooks/E/0/matcher`), not on the handler. */
function fieldPointer(handlerPointer: string, field: string): string {
  const group = field === 'matcher' ? /^(.*\/\d+)\/hooks\/\d+$/.exec(handlerPointer) : null;
  return group ? `${group[1]}/matcher` : `${handlerPointer}/${field}`;
}

function lineOf(handler: NormalizedHandler): Position | undefined {
  const { line, column } = handler.source;
  return line === undefined ? undefined : { line, column: column ?? 1 };
}
