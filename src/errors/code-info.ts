export type Severity = 'error' | 'warning' | 'info';

/** One row of the error catalogue; `docs/errors.md` is generated from these rows. */
export interface CodeInfo {
  severity: Severity;
  /** What happened, in one sentence. */
  summary: string;
  /** How to fix it, in one or two sentences. */
  fix: string;
}
