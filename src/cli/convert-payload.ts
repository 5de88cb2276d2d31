import { basename, dirname } from 'node:path';
import { type CopilotKeys, inspectPayloadReading, type LossyStep } from '../config/convert/index.ts';
import { type ConfigKind, readConfig } from '../config/read-config.ts';

/** Lossy steps on these fields change what a person sees, never what is decided. */
const COSMETIC_FIELDS: ReadonlySet<string> = new Set(['statusMessage', 'description']);

/** Whether a lossy step can change a decision (a guard that no longer runs, or runs differently). */
export function changesDecision(step: LossyStep): boolean {
  return step.field === undefined || !COSMETIC_FIELDS.has(step.field);
}

/** The project a hook file belongs to: its scripts are found relative to it, as `trust` does. */
function projectDirOf(file: string): string {
  const parent = dirname(file);
  if (basename(parent) === '.claude') return dirname(parent);
  const grand = dirname(parent);
  if (basename(grand) === '.github') return dirname(grand);
  return parent;
}

export interface PayloadChoice {
  keys: CopilotKeys;
  /** Why these keys, for stderr. */
  note: string;
  /** A lossy step when the keys given send a form the scripts do not read. */
  mismatch?: Omit<LossyStep, 'file'>;
}

/**
 * Picks the Copilot event keys for `convert --to copilot`: the payload form the hooks' scripts
 * read (PascalCase keys make Copilot send snake_case input, camelCase keys camelCase input,
 * other-agents-hooks.md §1.3). Throws, refusing the conversion, when the scripts disagree.
 */
export function choosePayload(
  file: string,
  text: string,
  from: ConfigKind,
  given: CopilotKeys | undefined,
): PayloadChoice {
  const read = readConfig({ file, text, kind: from, scope: 'project' });
  const reading = inspectPayloadReading(read.handlers, projectDirOf(file));
  const snake = `snake_case fields (tool_input, tool_name) in ${reading.snake.join(', ')}`;
  const camel = `camelCase fields (toolArgs, toolName) in ${reading.camel.join(', ')}`;
  if (given !== undefined) {
    const wrong =
      (given === 'camel' && reading.form === 'snake') || (given === 'compat' && reading.form === 'camel');
    if (!wrong) return { keys: given, note: `--copilot-keys ${given} as given` };
    const reads = reading.form === 'snake' ? snake : camel;
    return {
      keys: given,
      note: `--copilot-keys ${given} as given`,
      mismatch: {
        code: 'CONFIG_CONVERT_LOSSY',
        pointer: '',
        message: `the hooks read ${reads}, but --copilot-keys ${given} sends the other form: they would see no tool input and allow every call`,
      },
    };
  }
  switch (reading.form) {
    case 'mixed':
      throw new Error(
        `not converting ${file}: its hooks read ${snake} but ${camel}; one Copilot file sends one form. Convert them separately, or choose with --copilot-keys camel|compat and --accept-lossy`,
      );
    case 'snake':
      return { keys: 'compat', note: `PascalCase event keys, so Copilot sends the ${snake} read` };
    case 'camel':
      return { keys: 'camel', note: `camelCase event keys, so Copilot sends the ${camel} read` };
    default: {
      const keys: CopilotKeys = from.startsWith('copilot') ? 'camel' : 'compat';
      return {
        keys,
        note: `no hook shows which fields it reads; kept the payload form they get today (--copilot-keys ${keys})`,
      };
    }
  }
}
