import { checkPrograms } from '../../doctor/checks/program.ts';
import type { Places } from './destination.ts';
import type { InstallPlan } from './install.ts';

/**
 * `doctor`'s program check on the hook being added (by `add`, or `init`'s own command). A command
 * that cannot start is a non-blocking error at every event, so a guard added with a mistyped path
 * would let every call through: said when it is written, not only when doctor runs. The hook is
 * written all the same: its script may be the next thing the user writes.
 */
export function programWarnings(plan: InstallPlan, places: Places): string[] {
  const findings = checkPrograms({
    profile: plan.destination.host,
    handlers: plan.config.added,
    projectDir: places.projectDir,
    env: places.env,
    platform: process.platform,
  });
  const sentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);
  return findings.map((f) => `${f.code}: ${sentence(f.message)} ${sentence(f.host)} Fix: ${f.fix}`);
}
