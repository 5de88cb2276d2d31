import { HookError } from '../errors.ts';
import { installCommand, missingPackage, OPTIONAL_PACKAGES } from '../model/optional-package.ts';

/**
 * Imports an optional package, or throws SERVER_DEPENDENCY_MISSING naming the package and the
 * install line. Only the "not installed" case is translated; any other load error is a bug to see.
 */
export async function loadOptional<T>(name: string, load: () => Promise<T>, purpose: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackage(error, name);
    if (!missing) throw error;
    const hint = missing === 'pg' ? installCommand(['pg']) : installCommand(OPTIONAL_PACKAGES.server);
    throw new HookError(
      'SERVER_DEPENDENCY_MISSING',
      `${purpose} needs the package "${missing}", which is not installed; run: ${hint}`,
      { cause: error },
    );
  }
}
