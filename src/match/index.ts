export { compileClaudeMatcher, fileChangedWatchNames } from './claude-matcher.ts';
export type { CommandPattern } from './command-pattern.ts';
export { compileCommandPattern, hasDynamicWords, stripWrappers } from './command-pattern.ts';
export type { MatcherContext, MatchProfile } from './compile-matcher.ts';
export { compileMatcher } from './compile-matcher.ts';
export { compileCopilotMatcher } from './copilot-matcher.ts';
export type { CompiledIfRule, IfRuleContext, IfRuleError } from './if-rule.ts';
export { compileIfRule, ifRuleBlockedOnEvent } from './if-rule.ts';
export type { MatcherField } from './matcher-fields.ts';
export { eventHasMatcher, MATCHER_FIELDS, matcherValue } from './matcher-fields.ts';
export type { CompiledMatcher, MatcherKind, MatchNote } from './matcher-types.ts';
export { MATCH_ALL } from './matcher-types.ts';
export type { PathContext, PathPattern } from './path-pattern.ts';
export { compilePathPattern, toPosixPath } from './path-pattern.ts';
export type { ShellSplitOptions, ShellSplitResult } from './shell-split.ts';
export { splitShellCommand } from './shell-split.ts';
export {
  claudeToolName,
  copilotToolNames,
  legacyAliases,
  normalizeLegacyToolName,
} from './tool-names.ts';
