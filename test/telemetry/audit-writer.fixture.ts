// Child process for the concurrent-writers test: appends COUNT audit lines for one session.
import { createAuditLog } from '../../src/telemetry/audit-log.ts';

const [file, session, count, labelChars] = process.argv.slice(2);
const audit = createAuditLog(file!, { onError: (error) => process.stderr.write(`${error.message}\n`) });
for (let i = 0; i < Number(count); i++) {
  audit.listener({
    type: 'response',
    dispatchId: i,
    hookId: `${i}.0`,
    event: 'PreToolUse',
    sessionId: session!,
    handlerType: 'command',
    label: `${session}-${i}-`.padEnd(Number(labelChars), 'x'),
    source: { file: '/repo/.claude/settings.json', pointer: '/hooks/PreToolUse/0/hooks/0', scope: 'project' },
    outcome: 'success',
    exitCode: 0,
    durationMs: 3,
    stdout: '',
    stderr: '',
    decision: null,
    toolName: 'Bash',
  });
}
