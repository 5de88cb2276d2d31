export { convertConfig } from './convert-config.ts';
export { CONFIG_KINDS, detectConfigKind } from './detect-kind.ts';
export type { LossyStep } from './lossy.ts';
export { inspectPayloadReading } from './payload-form.ts';
export { CONVERT_TARGETS, type ConvertTarget, DIALECT_OF_KIND } from './targets.ts';
export type { CopilotKeys } from './write-copilot.ts';
