export { compileMatcher } from './compile-matcher.ts';

export type { CompiledIfRule } from './if-rule.ts';
export { compileIfRule } from './if-rule.ts';

export { eventHasMatcher, matcherValue } from './matcher-fields.ts';
export type { CompiledMatcher } from './matcher-types.ts';
