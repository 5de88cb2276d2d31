#!/usr/bin/env node
// agent-hooks template "block-dangerous" (PreToolUse on shell tools): denies shell commands that
// destroy data or history. Hosts: Claude Code, Copilot CLI and VS Code (which runs it for every
// tool: it ignores matchers, so the script looks for a shell command itself).
// Exit 2 denies the call on all three (claude-code-hooks.md §2.7, other-agents-hooks.md §1.5, §2.5).
import { readFileSync } from 'node:fs';

/** Folders whose recursive deletion loses everything: the root, home, here, the parent. */
const EVERYTHING = new Set([
  '/',
  '/*',
  '~',
  '~/',
  '~/*',
  '$HOME',
  '$HOME/',
  '$HOME/*',
  '*',
  '.',
  './',
  '..',
  '../',
]);

/** `rm` with -r and -f (in any spelling) on one of EVERYTHING, in any part of a compound command. */
function deletesEverything(command) {
  return command.split(/&&|\|\||[;|&\n]/).some((part) => {
    const words = part
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/^["']|["']$/g, ''));
    const at = words.indexOf('rm');
    if (at < 0) return false;
    const args = words.slice(at + 1);
    const short = args.filter((a) => /^-[^-]/.test(a)).join('');
    const recursive = /[rR]/.test(short) || args.includes('--recursive');
    const force = short.includes('f') || args.includes('--force');
    return recursive && force && args.some((a) => EVERYTHING.has(a));
  });
}

/** Each rule: a test, and the reason the agent is given. */
const RULES = [
  [deletesEverything, 'rm -rf of the root, home, current or parent folder deletes everything in it'],
  [
    /\bgit\s+push\b[^;&|]*\s(--force|-f)(\s|$)/,
    'git push --force rewrites shared history; use --force-with-lease after checking',
  ],
  [/\bgit\s+reset\s+--hard\b/, 'git reset --hard throws away uncommitted work'],
  [/\bgit\s+clean\s+-[a-zA-Z]*f/, 'git clean -f deletes untracked files for good'],
  [/\b(mkfs(\.\w+)?|fdisk|wipefs)\b/, 'formatting or partitioning a disk destroys its data'],
  [/\bdd\b[^;&|]*\bof=\/dev\//, 'dd onto a device overwrites it'],
  [/>\s*\/dev\/(sd|nvme|hd|disk)/, 'writing onto a disk device overwrites it'],
  [/:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, 'a fork bomb makes the machine unusable'],
  [/\bchmod\s+(-R\s+)?0?777\s+\/(\s|$)/, 'chmod 777 / opens every file to everyone'],
  [/\b(curl|wget)\b[^|;&]*\|\s*(sudo\s+)?(ba|z)?sh\b/, 'piping a download into a shell runs unreviewed code'],
];

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
// Copilot CLI's camelCase events send toolName and toolArgs, the args possibly as a JSON string (§1.3).
let args = 'toolArgs' in input ? input.toolArgs : input.tool_input;
if (typeof args === 'string') {
  try {
    args = JSON.parse(args);
  } catch {
    args = { command: args };
  }
}
const command = typeof args?.command === 'string' ? args.command : '';
const hit = RULES.find(([test]) => (typeof test === 'function' ? test(command) : test.test(command)));
if (hit) {
  const reason = `Blocked by block-dangerous: ${hit[1]} (${command.trim().slice(0, 200)})`;
  // Copilot CLI reads the reason from stdout; Claude Code and VS Code read stderr on exit 2.
  process.stdout.write(
    `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: reason })}\n`,
  );
  process.stderr.write(`${reason}\n`);
  process.exit(2);
}
