/**
 * The texts `npm run NAME` runs, in order: `preNAME`, `NAME`, `postNAME` (npm runs the pre- and
 * post-scripts too; other package managers that do not are covered all the same). `null` where
 * the package.json has no such script, is missing or is not JSON.
 */
export function packageScriptTexts(manifest: Buffer | null, name: string): (string | null)[] {
  const scripts = scriptsOf(manifest);
  return [`pre${name}`, name, `post${name}`].map((key) => {
    const value = scripts !== undefined && Object.hasOwn(scripts, key) ? scripts[key] : undefined;
    return typeof value === 'string' ? value : null;
  });
}

function scriptsOf(manifest: Buffer | null): Record<string, unknown> | undefined {
  if (manifest === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(manifest.toString('utf8'));
    if (parsed === null || typeof parsed !== 'object') return undefined;
    const scripts = (parsed as { scripts?: unknown }).scripts;
    return scripts !== null && typeof scripts === 'object' ? (scripts as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
