import { fileURLToPath } from 'node:url';

/** The repository root, whichever test file asks. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The compiled package, rebuilt from src/ by the global setup before every test run. */
export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));
