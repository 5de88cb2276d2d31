#!/usr/bin/env node
// agent-hooks template "notify-permission" (Notification, matcher permission_prompt): a desktop
// notification when the agent waits for the person to approve a tool call. Hosts: Claude Code and
// Copilot CLI (notification_type permission_prompt, claude-code-hooks.md §2.13,
// other-agents-hooks.md §1.3); VS Code has no Notification event.
// The notifier: $NOTIFY_COMMAND (run by /bin/sh with the title as $1 and the message as $2), else
// osascript on macOS, notify-send on Linux; without one, the message goes to stderr.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A notifier that hangs must not hold the agent up. */
const NOTIFY_TIMEOUT_MS = 5_000;

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
const title = input.title || 'Agent waiting for approval';
const message = input.message || 'A tool call needs your permission.';
const options = { encoding: 'utf8', timeout: NOTIFY_TIMEOUT_MS };

function notify() {
  if (process.env.NOTIFY_COMMAND) {
    return spawnSync(
      '/bin/sh',
      ['-c', process.env.NOTIFY_COMMAND, 'notify-permission', title, message],
      options,
    );
  }
  if (process.platform === 'darwin') {
    const script = `display notification ${JSON.stringify(message)} with title ${JSON.stringify(title)}`;
    return spawnSync('osascript', ['-e', script], options);
  }
  return spawnSync('notify-send', [title, message], options);
}

const run = notify();
if (run.error || run.status !== 0) process.stderr.write(`${title}: ${message}\n`);
