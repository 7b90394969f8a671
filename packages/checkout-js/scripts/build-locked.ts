import { execFileSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The one lock every builder of checkout-js takes (its own tests, the API's, the docs' and the demo store's). */
const LOCK = '/tmp/plazo-checkout-js-build.lock'
// A path, not `new URL(…)`: under happy-dom the global URL is the DOM's.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Builds checkout-js if a source changed since its last build (build-if-stale.ts), under a file lock: test
 * files running side by side build it once and never read a half-written dist/ or src/generated/.
 */
export function buildCheckoutJsIfStale(): void {
  execFileSync('flock', [LOCK, 'npx', 'tsx', 'scripts/build-if-stale.ts'], { cwd: root, stdio: 'pipe' })
}
