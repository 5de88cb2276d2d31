import type { CodeInfo } from './code-info.ts';

/**
 * Codes a hook written with the author SDK (`agent-hooks/author`) prints on stderr. Keys are
 * stable: never rename one, only add.
 */
export const AUTHOR_CODES = {
  AUTHOR_INVALID_PAYLOAD: {
    severity: 'error',
    summary:
      'An SDK-written hook received stdin that is not a valid payload for the event it was defined for; it answered with its `onError` outcome.',
    fix: 'Register the hook under the event named in `defineHook(…)`, and check the payload with `agent-hooks run <Event> --input file.json`; the message names the field.',
  },
  AUTHOR_HOOK_THREW: {
    severity: 'error',
    summary: "An SDK-written hook's handler threw; the hook answered with its `onError` outcome.",
    fix: 'Fix the error the message shows (run the hook on a sample with `hook.invoke(payload)` in a test), or choose another `onError` outcome.',
  },
  AUTHOR_HOOK_TIMEOUT: {
    severity: 'error',
    summary:
      "An SDK-written hook's handler did not finish within its `timeoutMs`; the hook answered with its `onError` outcome before the host's own timeout (which fails open) could strike.",
    fix: 'Make the handler faster or raise `timeoutMs`, keeping it below the `timeout` configured for the hook.',
  },
  AUTHOR_INVALID_RETURN: {
    severity: 'error',
    summary:
      'An SDK-written hook returned something that is not an answer for its event: a plain object, a helper the event does not take, or helpers that contradict each other.',
    fix: "Return the SDK's helpers (`allow()`, `deny(reason)`, `context(text)`, …) that the event takes, or nothing; the message names the conflict.",
  },
  AUTHOR_ON_ERROR_FAILED: {
    severity: 'error',
    summary:
      "An SDK-written hook's `onError` function threw, returned an invalid answer or did not answer within 1 s; the default outcome for the event was used.",
    fix: 'Make `onError` return one of the helpers the event takes, or use one of the named outcomes (`deny`, `block`, `ignore`, …).',
  },
  AUTHOR_UNSUPPORTED_ON_HOST: {
    severity: 'warning',
    summary:
      'An SDK-written hook gave an answer the calling host does not read on this event (e.g. `defer()` under Copilot CLI); that part was left out.',
    fix: 'See the host matrix in docs/author.md and give an answer the host reads, or branch on `context.host`.',
  },
  AUTHOR_BAD_HOST_OVERRIDE: {
    severity: 'warning',
    summary: '`AGENT_HOOKS_HOST` names no known host, so the host was detected from the payload instead.',
    fix: 'Set it to `claude-code`, `copilot-cli` or `vscode`, or remove it.',
  },
} as const satisfies Record<string, CodeInfo>;
