import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildLogPath } from '../scripts/build-log.ts'

export const siteDir = fileURLToPath(new URL('..', import.meta.url))
export const buildDir = `${siteDir}build`

export { buildLogPath }

/** What the build is made from; a build older than any of these is rebuilt. */
const SOURCES = [
  'docs',
  'i18n',
  'src',
  'samples',
  'static/img',
  'plugins',
  'scripts',
  'docusaurus.config.ts',
  'sidebars.ts',
  'site.config.ts',
  'api-references.ts',
  '../../packages/docs-content/src',
  '../../packages/contract/openapi',
  '../../packages/checkout-js/docs-md',
  '../../packages/checkout-js/docs-md-es',
]
const GENERATED = /(^|\/)(globals\.mdx|api\.generated\.json)$/

function newestSource(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return GENERATED.test(path) ? 0 : stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))))
}

/**
 * Whether a complete build newer than every source is there. With PLAZO_DOCS_REBUILD=1, it must also be newer
 * than the start of this test run (PLAZO_E2E_STARTED_AT, set by vitest.e2e.config.ts): one build per run.
 */
export function buildIsFresh(): boolean {
  const outputs = [`${buildDir}/index.html`, `${buildDir}/es/index.html`, buildLogPath]
  if (!outputs.every((path) => existsSync(path))) return false
  const built = statSync(buildLogPath).mtimeMs
  if (process.env.PLAZO_DOCS_REBUILD === '1' && built < Number(process.env.PLAZO_E2E_STARTED_AT ?? Infinity))
    return false
  return built > Math.max(...SOURCES.map((source) => newestSource(join(siteDir, source))))
}

/** Builds the site (a minute or two) unless a fresh build is already there. */
export function ensureBuild(): void {
  if (buildIsFresh()) return
  const result = spawnSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`)
}
