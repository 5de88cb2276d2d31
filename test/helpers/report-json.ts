// `validate --json` and `list --json` of a project, run in process without user configuration, for
// tests that look at the diagnostics a profile's readers give.
import { runList } from '../../src/cli/commands/list.ts';
import { runValidate } from '../../src/cli/commands/validate.ts';
import type { CommonOptions } from '../../src/cli/common-options.ts';

export interface FoundDiagnostic {
  code: string;
  severity: string;
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}

export interface JsonReport {
  code: number;
  /** The whole `--json` document. */
  report: Record<string, any>;
  diagnostics: FoundDiagnostic[];
}

function commonOptions(root: string, profile: CommonOptions['profile']): CommonOptions {
  return { cwd: root, profile, settings: [], user: false, pluginDir: [], json: true };
}

function parsed(code: number, out: string): JsonReport {
  const report = JSON.parse(out) as Record<string, any>;
  return { code, report, diagnostics: report.diagnostics as FoundDiagnostic[] };
}

/** `validate --profile <profile> --json <files…>` in `root`. */
export async function validateJson(
  root: string,
  files: string[],
  profile: CommonOptions['profile'] = 'vscode',
): Promise<JsonReport> {
  let out = '';
  const code = await runValidate(files, commonOptions(root, profile), (text) => {
    out += text;
  });
  return parsed(code, out);
}

/** `list --profile <profile> --json` in `root`. */
export async function listJson(
  root: string,
  profile: CommonOptions['profile'] = 'vscode',
): Promise<JsonReport> {
  let out = '';
  const code = await runList(commonOptions(root, profile), (text) => {
    out += text;
  });
  return parsed(code, out);
}
