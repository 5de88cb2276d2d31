import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { readConfig } from '../../config/read-config.ts';
import { ERROR_CODES, type ErrorCode, HookError } from '../../errors.ts';
import type { ModelClient } from '../../runners/llm/model-client.ts';
import { modelRefProblem } from '../../runners/llm/model-config.ts';
import type { CliIo } from '../cli-io.ts';
import { withCode } from '../coded-failure.ts';
import { printFailureJson } from '../failure-json.ts';
import { addDryRunOption, DRY_RUN_DONE } from '../write/dry-run.ts';
import { planCreateWrite, writeProposal, writeRefusal } from './create-write.ts';

export interface CreateOptions {
  cwd: string;
  /** Settings file the hooks are added to, relative to `cwd`. */
  target: string;
  yes: boolean;
  model?: string;
  /** Print one JSON object describing the proposal and what was written. */
  json?: boolean;
  /** Show the proposal and check its writes; ask nothing, write nothing (dry-run.ts). */
  dryRun?: boolean;
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
  // A --model that can never resolve is a usage error (exit 1), found before any model call.
  const badRef = options.model === undefined ? undefined : modelRefProblem(options.model);
  if (badRef !== undefined) {
    const { fix } = ERROR_CODES.RUNNER_MODEL_BAD_REF;
    return fail(io, options, 'RUNNER_MODEL_BAD_REF', `--model "${options.model}": ${badRef}. ${fix}`);
  }
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
      // Name the model the user chose, so a bad --model reads as such and not as a generic failure.
      const which = options.model ? `--model "${options.model}": ` : '';
      return fail(io, options, answer.code, `${which}${answer.message}`);
    }
    const checked = checkProposal(answer.value.text, targetFile, options.cwd);
    if ('problems' in checked) problems = checked.problems;
    else proposal = checked.proposal;
  }
  if (!proposal) {
    const message = `the model's configuration is still invalid:\n${problems.join('\n')}`;
    return fail(io, options, 'CREATE_FAILED', message, { named: false });
  }
  return showAndWrite(proposal, targetFile, options, io);
}

/** Shows exactly what will be written (the planned diff and script), then writes that on consent. */
async function showAndWrite(
  proposal: Proposal,
  targetFile: string,
  options: CreateOptions,
  io: CreateIo,
): Promise<number> {
  const plan = planCreateWrite(proposal.hooks, targetFile);
  if (Array.isArray(plan)) {
    const message = `not editing ${options.target}; it is not valid:\n${plan.join('\n')}`;
    return fail(io, options, 'CREATE_FAILED', message, { named: false });
  }
  const scriptFile = proposal.scriptPath ? path.resolve(options.cwd, proposal.scriptPath) : undefined;
  if (scriptFile && (await exists(scriptFile))) {
    const message = `${proposal.scriptPath} already exists; not overwriting it`;
    return fail(io, options, 'CREATE_FAILED', message, { named: false });
  }
  const refused = writeRefusal(plan.write, scriptFile);
  if (refused !== undefined) return fail(io, options, 'CREATE_FAILED', refused, { named: false });
  if (!options.json) {
    io.out(`${proposal.explanation}\n\n${options.target} (${plan.kind}):\n${plan.write.diff}`);
    if (proposal.scriptPath) io.out(`\n${proposal.scriptPath}:\n${proposal.script}\n`);
    for (const step of plan.lossy) io.out(`lossy: ${step.message}\n`);
  }
  // With --json stdout is for programs: nobody is asked, only --yes writes. A dry run asks nothing.
  const approved =
    !options.dryRun &&
    (options.yes || (!options.json && io.confirm ? await io.confirm('Write these files?') : false));
  if (approved) await writeProposal(plan.write, scriptFile, proposal.script);
  const written = approved ? [options.target, ...(proposal.scriptPath ? [proposal.scriptPath] : [])] : [];
  if (options.json) {
    const json = {
      target: options.target,
      kind: plan.kind,
      explanation: proposal.explanation,
      mode: plan.write.mode,
      diff: plan.write.diff,
      text: plan.write.after,
      script: proposal.scriptPath ? { path: proposal.scriptPath, text: proposal.script } : null,
      lossy: plan.lossy,
      written,
    };
    io.out(`${JSON.stringify(json, null, 2)}\n`);
  } else if (approved) io.out(`\nWrote ${written.join(' and ')}.\n`);
  else io.out(options.dryRun ? `\n${DRY_RUN_DONE}` : '\nNothing written (re-run with --yes to write).\n');
  return 0;
}

/**
 * A failure of create: its line on stderr as always (with `error CODE` where it always had it),
 * and under --json the failure document on stdout (failure-json.ts); returns the exit status.
 */
function fail(
  io: CreateIo,
  options: CreateOptions,
  code: ErrorCode,
  message: string,
  stderr = { named: true },
): number {
  io.err(`agent-hooks create: ${stderr.named ? `error ${code} ` : ''}${message}\n`);
  if (options.json) printFailureJson({ stdout: io.out }, new HookError(code, message), 'error-only');
  return 1;
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

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export function registerCreateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('create')
    .description(
      'generate a hook configuration (and script) with the configured model, e.g. "run ESLint after every edit"',
    )
    .argument('<description>', 'what the hook should do')
    .option('--cwd <dir>', 'project directory', process.cwd())
    .option(
      '--target <file>',
      'hooks file to add the hooks to, written in its dialect (e.g. .github/hooks/lint.json: Copilot)',
      '.claude/settings.json',
    )
    .option('--model <ref>', 'model, e.g. anthropic:claude-sonnet-4-6 (default: AGENT_HOOKS_MODEL)')
    .option('-y, --yes', 'write without asking', false);
  addDryRunOption(command)
    .option(
      '--json',
      'print one JSON object: { target, kind, diff, text, script, lossy, written }; writes only with --yes',
      false,
    )
    .action(async (description: string, options: CreateOptions) => {
      const confirm = (question: string) => io.confirm(`${question} [y/N] `);
      const createIo = { out: io.stdout, err: io.stderr, confirm: io.stdinIsTTY ? confirm : undefined };
      try {
        io.setExitCode(await runCreate(description, options, createIo));
      } catch (error) {
        // A script or settings file it could not write: coded for the --json failure document.
        throw withCode('CREATE_FAILED', error);
      }
    });
}
