import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const ADMIN_USER = 'admin';
export const ADMIN_PASSWORD = 'admin-e2e-1234';
/** Screenshots land here (gitignored), for a person to look at. */
export const SCREENSHOT_DIR = `${REPO_ROOT}test-results`;
/** The machine is small (2 cores): waits are generous so slow is not mistaken for broken. */
export const UI_TIMEOUT_MS = 30_000;
