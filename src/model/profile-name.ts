/** The hosts whose behaviour the engine emulates (DESIGN.md "profile"). */
export type ProfileName = 'claude-code' | 'copilot-cli' | 'vscode';

export const PROFILE_NAMES: readonly ProfileName[] = ['claude-code', 'copilot-cli', 'vscode'];
