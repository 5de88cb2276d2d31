// `run --trace FILE`. A trace that could not be written was found out only when it closed, after
// the hooks had run and the result was printed, and `--json` said nothing of it: the file is opened
// before any hook runs, and a write that failed during the run is a diagnostic of the result.
import type { TelemetryListener } from '../engine/telemetry/bus.ts';
import { type Diagnostic, diagnostic, HookError } from '../errors.ts';
import { createTraceWriter } from '../telemetry/trace-file.ts';

const CODE = 'CLI_TRACE_UNWRITABLE';

export interface RunTrace {
  listener: TelemetryListener;
  /** The diagnostic of a write that failed so far (CLI_TRACE_UNWRITABLE), once the lines so far are written. */
  writeFailure(): Promise<Diagnostic | undefined>;
  /** Closes the file; rejects with a failure that `writeFailure()` has not reported. */
  close(): Promise<void>;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The trace of `file`, open for writing; CLI_TRACE_UNWRITABLE (exit 1) when it cannot be. */
export async function openTrace(file: string): Promise<RunTrace> {
  // Appended, as `run --help` says: a second run never wipes the trace of the first.
  const trace = createTraceWriter(file, { append: true });
  try {
    await trace.opened();
  } catch (error) {
    const message = `--trace ${file} cannot be opened for writing (${reason(error)}); no hook ran`;
    throw new HookError(CODE, message, { cause: error });
  }
  let reported: unknown;
  return {
    listener: trace.listener,
    writeFailure: () =>
      trace.flush().then(
        () => undefined,
        (error: unknown) => {
          reported = error;
          return diagnostic(
            CODE,
            `--trace ${file}: a write failed (${reason(error)}); the trace is incomplete`,
          );
        },
      ),
    // The first failure is the one a failed close() gives again: said once, in the result.
    close: () =>
      trace.close().catch((error: unknown) => {
        if (error !== reported) throw error;
      }),
  };
}
