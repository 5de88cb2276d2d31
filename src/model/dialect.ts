/**
 * The wire format a handler was written in. It decides the payload shape the handler receives
 * and how its output is read (other-agents-hooks.md §1.3: the casing of a Copilot event key
 * chooses between `copilot` and `copilot-compat`).
 */
export type Dialect = 'claude' | 'copilot' | 'copilot-compat' | 'vscode';
