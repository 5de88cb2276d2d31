#!/usr/bin/env node
// agent-hooks template "protect-secrets" (PreToolUse on file and shell tools): denies reading or
// writing files that hold secrets (.env, private keys, cloud credentials). Hosts: Claude Code,
// Copilot CLI and VS Code (which ignores matchers: the script finds the path itself, whatever the
// tool calls it: file_path, Copilot's path, VS Code's filePath).
// Exit 2 denies the call on all three (claude-code-hooks.md §2.7, other-agents-hooks.md §1.5, §2.5).
import { readFileSync } from 'node:fs';

/** File names that hold secrets; templates such as .env.example are meant to be shared. */
const SECRET = [
  /(^|[\\/])\.env(\.(?!example$|sample$|template$|dist$)[\w.-]+)?$/,
  /\.(pem|key|p12|pfx|keystore|jks)$/,
  /(^|[\\/])id_(rsa|dsa|ecdsa|ed25519)$/,
  /(^|[\\/])\.ssh[\\/]/,
  /(^|[\\/])\.aws[\\/]credentials$/,
  /(^|[\\/])\.(netrc|pgpass|npmrc|pypirc)$/,
  /(^|[\\/])(secrets?|credentials)\.(json|ya?ml|toml)$/,
];
/** Words of a shell command that name a secret file (`cat .env`, `cp ~/.ssh/id_rsa x`). */
const WORD = /[^\s"'`;|&<>()]+/g;

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
// Copilot CLI's camelCase events send toolName and toolArgs, the args possibly as a JSON string (§1.3).
let args = 'toolArgs' in input ? input.toolArgs : input.tool_input;
if (typeof args === 'string') {
  try {
    args = JSON.parse(args);
  } catch {
    args = {};
  }
}
args = args && typeof args === 'object' ? args : {};
const tool = input.tool_name ?? input.toolName ?? 'the tool';
const paths = [args.file_path, args.filePath, args.path, args.notebook_path].filter(
  (p) => typeof p === 'string',
);
if (typeof args.command === 'string') paths.push(...(args.command.match(WORD) ?? []));
const secret = paths.find((path) => SECRET.some((pattern) => pattern.test(path)));
if (secret !== undefined) {
  const reason = `Blocked by protect-secrets: ${tool} would touch ${secret}, which holds secrets. Ask the user to do this step themselves if it is really needed.`;
  // Copilot CLI reads the reason from stdout; Claude Code and VS Code read stderr on exit 2.
  process.stdout.write(
    `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: reason })}\n`,
  );
  process.stderr.write(`${reason}\n`);
  process.exit(2);
}
