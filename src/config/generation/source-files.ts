// The engine's inline sources as files of the generation: each goes through the same policy step
// as the discovered files, so that a source's `disableAllHooks`, `allowManagedHooksOnly` and URL
// and environment allow-lists act as they do in a discovered file of its scope.
import type { DiscoveredFile } from '../discovery/types.ts';
import type { SourceText } from './types.ts';

/** What location reports and messages call a source: it has no pattern of its own. */
const SOURCE_PATTERN = '<engine source>';

export function sourceFile(source: SourceText): DiscoveredFile {
  return {
    file: source.file,
    spec: {
      pattern: SOURCE_PATTERN,
      path: source.file,
      shape: 'file',
      kind: source.kind,
      scope: source.scope,
      userLevel: false,
      inlineText: source.text,
      engineSource: true,
      // Copilot CLI reads disableAllHooks at the top of its own settings as every non-policy
      // hook's switch (other-agents-hooks.md §1.2), as discovery marks those files.
      ...(source.kind === 'copilot-settings' ? { settingsWideDisable: true } : {}),
    },
  };
}
