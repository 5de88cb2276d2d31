import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { applyEdits, modify } from 'jsonc-parser';
import { readConfig } from '../../config/read-config.ts';
import type { ModelClient } from '../../runners/llm/model-client.ts';
import type { CliIo } from '../cli-io.ts';

export interface CreateOptions {
  cwd: string;
  /** Settings file the hooks are added to, relative to `cwd`. */
  target: string;
  yes: boolean;
  model?: string;
}

export interface CreateIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Asks for confirmation; undefined when nobody can answer (no TTY). */
  confirm?: (question: string) => Promise<boolean>;
  client?: ModelClient;
  env?: NodeJS.ProcessEnv;
}

/** What the model must answer (strings only, so every provider's structured output accepts it). */
const PROPOSAL_SCHEMA = {
  type: 'object',
  properties: {
    hooksJson: { type: 'string', description: 'JSON text of the Claude Code settings "hooks" object' },
    scriptPath: { type: 'string', description: 'project-relative path of the hook script, or "" for none' },
    script: { type: 'string', description: 'full text of the script (with a #! line), or ""' },
    explanation: { type: 'string', description: 'one or two sentences for the user' },
  },
  required: ['hooksJson', 'scriptPath', 'script', 'explanation'],
  additionalProperties: false,
};

const SYSTEM_PROMPT = [
  'You write hook configurations for Claude Code (the settings.json "hooks" object) and, when needed, one',
  'hook script. Shape: {"<Event>": [{"matcher": "<tool regex>", "hooks": [{"type": "command", "command": "..."}]}]}.',
  'Events include PreToolUse, PostToolUse, UserPromptSubmit, Stop, SessionStart, Notification. Commands',
  'receive the event JSON on stdin; exit code 2 blocks with stderr as the reason. Reference scripts as',
  '"$CLAUDE_PROJECT_DIR"/<scriptPath>. Put scripts under .claude/hooks/. Keep it minimal and safe.',
].join('\n');

interface Proposal {
  hooks: Record<string, unknown>;
  scriptPath: string;
  script: string;
  explanation: string;
}

/** `agent-hooks create "<description>"`: asks the model for hooks, validates, shows, writes on consent. */
export async function runCreate(description: string, options: CreateOptions, io: CreateIo): Promise<number> {
  const client =
    io.client ?? (await import('../../runners/llm/ai-sdk-client.ts')).createAiSdkClient({ env: io.env });
  const targetFile = path.resolve(options.cwd, options.target);
  let problems: string[] = [];
  let proposal: Proposal | undefined;
  for (let attempt = 1; attempt <= 2 && !proposal; attempt++) {
    const prompt = problems.length
      ? `${description}\n\nYour previous answer was invalid:\n${problems.join('\n')}\nFix these problems.`
      : description;
    const answer = await client.generateObject({
      model: options.model,
      system: SYSTEM_PROMPT,
      prompt,
      schema: PROPOSAL_SCHEMA,
      schemaName: 'hook_proposal',
      signal: AbortSignal.timeout(120_000),
    });
    if (!answer.ok) {
      io.err(`agent-hooks create: ${answer.message}\n`);
      return 1;
    }
    const checked = checkProposal(answer.value.text, targetFile, options.cwd);
    if ('problems' in checked) problems = checked.problems;
    else proposal = checked.proposal;
  }
  if (!proposal) {
    io.err(`agent-hooks create: the model's configuration is still invalid:\n${problems.join('\n')}\n`);
    return 1;
  }
  io.out(
    `${proposal.explanation}\n\n${options.target} (hooks to add):\n${JSON.stringify(proposal.hooks, null, 2)}\n`,
  );
  if (proposal.scriptPath) io.out(`\n${proposal.scriptPath}:\n${proposal.script}\n`);
  const approved = options.yes || (io.confirm ? await io.confirm('Write these files?') : false);
  if (!approved) {
    io.out('\nNothing written (re-run with --yes to write).\n');
    return 0;
  }
  return writeProposal(proposal, targetFile, options.cwd, io);
}

function checkProposal(
  text: string,
  targetFile: string,
  cwd: string,
): { proposal: Proposal } | { problems: string[] } {
  let raw: Record<string, unknown>;
  let hooks: unknown;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
    hooks = JSON.parse(String(raw.hooksJson));
  } catch (e) {
    return { problems: [`the answer is not valid JSON: ${(e as Error).message}`] };
  }
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks))
    return { problems: ['hooksJson must be a JSON object'] };
  const scriptPath = typeof raw.scriptPath === 'string' ? raw.scriptPath : '';
  const problems: string[] = [];
  if (
    scriptPath &&
    (path.isAbsolute(scriptPath) || path.relative(cwd, path.resolve(cwd, scriptPath)).startsWith('..'))
  ) {
    problems.push(`scriptPath "${scriptPath}" must be a path inside the project`);
  }
  const read = readConfig({
    file: targetFile,
    text: JSON.stringify({ hooks }, null, 2),
    kind: 'claude-settings',
    scope: 'project',
  });
  // Warnings count too: a generated configuration should be clean (an unknown event is a warning).
  for (const d of read.diagnostics) {
    if (d.severity !== 'info')
      problems.push(`${d.severity} ${d.code} at line ${d.line ?? '?'}: ${d.message}`);
  }
  if (read.handlers.length === 0 && problems.length === 0) problems.push('the configuration defines no hook');
  if (problems.length) return { problems };
  return {
    proposal: {
      hooks: hooks as Record<string, unknown>,
      scriptPath,
      script: typeof raw.script === 'string' ? raw.script : '',
      explanation: typeof raw.explanation === 'string' ? raw.explanation : '',
    },
  };
}

async function writeProposal(
  proposal: Proposal,
  targetFile: string,
  cwd: string,
  io: CreateIo,
): Promise<number> {
  let text = (await exists(targetFile)) ? await readFile(targetFile, 'utf8') : '{}\n';
  // Never damage a settings file: the current and the merged text must both validate.
  const invalid = (t: string): string[] =>
    readConfig({ file: targetFile, text: t, kind: 'claude-settings', scope: 'project' })
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.code} at line ${d.line ?? '?'}: ${d.message}`);
  let problems = invalid(text);
  if (!problems.length) {
    // Edits keep the file's formatting and other keys; new groups are appended per event.
    const formattingOptions = { insertSpaces: true, tabSize: 2 };
    for (const [event, groups] of Object.entries(proposal.hooks)) {
      for (const group of Array.isArray(groups) ? groups : [groups]) {
        text = applyEdits(
          text,
          modify(text, ['hooks', event, -1], group, { formattingOptions, isArrayInsertion: true }),
        );
      }
    }
    problems = invalid(text);
  }
  if (problems.length) {
    io.err(
      `agent-hooks create: not editing ${path.relative(cwd, targetFile)}; it is not valid:\n${problems.join('\n')}\n`,
    );
    return 1;
  }
  if (proposal.scriptPath) {
    const scriptFile = path.resolve(cwd, proposal.scriptPath);
    if (await exists(scriptFile)) {
      io.err(`agent-hooks create: ${proposal.scriptPath} already exists; not overwriting it\n`);
      return 1;
    }
    await mkdir(path.dirname(scriptFile), { recursive: true });
    await writeFile(scriptFile, proposal.script.endsWith('\n') ? proposal.script : `${proposal.script}\n`);
    await chmod(scriptFile, 0o755);
  }
  await mkdir(path.dirname(targetFile), { recursive: true });
  await writeFile(targetFile, text.endsWith('\n') ? text : `${text}\n`);
  io.out(
    `\nWrote ${path.relative(cwd, targetFile)}${proposal.scriptPath ? ` and ${proposal.scriptPath}` : ''}.\n`,
  );
  return 0;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export function registerCreateCommand(program: Command, io: CliIo): void {
  program
    .command('create')
    .description(
      'generate a hook configuration (and script) with the configured model, e.g. "run ESLint after every edit"',
    )
    .argument('<description>', 'what the hook should do')
    .option('--cwd <dir>', 'project directory', process.cwd())
    .option('--target <file>', 'settings file to add the hooks to', '.claude/settings.json')
    .option('--model <ref>', 'model, e.g. anthropic:claude-sonnet-4-6 (default: AGENT_HOOKS_MODEL)')
    .option('-y, --yes', 'write without asking', false)
    .action(async (description: string, options: CreateOptions) => {
      const confirm = (question: string) => io.confirm(`${question} [y/N] `);
      io.setExitCode(
        await runCreate(description, options, {
          out: io.stdout,
          err: io.stderr,
          confirm: io.stdinIsTTY ? confirm : undefined,
        }),
      );
    });
}
