// `bridge install` and `bridge uninstall --host vscode` change two files, the hook file and
// `.vscode/settings.json`: every check runs before the first change, and should the second change
// fail all the same (a disk error, a race), the first is taken back, so the project is never left
// half installed (a hook file VS Code does not read, or a location naming a file that is gone).
import { type ConfigWrite, WriteRefused } from '../write/config-write.ts';
import { applyUndoably, type Undo } from '../write/undo-write.ts';

/** One change, and what the error says about it when a later one fails. */
export interface Step {
  /** Makes the change (throwing a message that names the file when it cannot), and how to undo it. */
  run: () => Undo;
  /** The change taken back, e.g. "X, written before it, was taken back". */
  undone: string;
  /** The change could not be taken back: what is left, and what to do about it. */
  stuck: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Takes back the changes made, last first, and says what became of each. */
function undoAll(done: readonly { step: Step; undo: Undo }[]): { said: string[]; whole: boolean } {
  const said: string[] = [];
  let whole = true;
  for (const { step, undo } of [...done].reverse()) {
    try {
      undo();
      said.push(step.undone);
    } catch (error) {
      whole = false;
      said.push(`${step.stuck} (taking it back failed: ${messageOf(error)})`);
    }
  }
  return { said, whole };
}

/**
 * Runs the steps in order. When one fails, those before it are taken back and the error says so,
 * with `again` (what to do once the failure is fixed); a step left undefined is skipped.
 */
export function carryOut(steps: readonly (Step | undefined)[], again: string): void {
  const done: { step: Step; undo: Undo }[] = [];
  try {
    for (const step of steps) if (step) done.push({ step, undo: step.run() });
  } catch (error) {
    if (done.length === 0) throw error;
    const { said, whole } = undoAll(done);
    const outcome = whole ? ', so nothing was changed' : '';
    throw new WriteRefused(`${messageOf(error)}; ${said.join('; ')}${outcome}; ${again}`);
  }
}

/**
 * Writing a planned file, as a step: taken back, should a later step fail, as it was before.
 * `stuck` says what to do when that fails too (the last step is never taken back).
 */
export function writeStep(
  write: ConfigWrite | undefined,
  stuck = `${write?.file} keeps the change`,
): Step | undefined {
  if (!write || write.before === write.after) return undefined;
  return {
    run: () => applyUndoably(write),
    undone: `${write.file}, written before it, was taken back`,
    stuck,
  };
}
