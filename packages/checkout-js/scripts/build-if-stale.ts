/**
 * Builds checkout-js unless dist/ is newer than every source file. Tests of the built files call it (under a
 * file lock) so that parallel test files build once and never import a half-written dist/.
 */
import { readdir, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { buildCheckoutJs } from './build.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const OUTPUTS = ['dist/index.js', 'dist/index.d.ts', 'dist/checkout.js']

async function newestSource(): Promise<number> {
  let newest = 0
  for (const folder of ['src', 'scripts', '../contract/src']) {
    for (const entry of await readdir(`${root}/${folder}`, { recursive: true })) {
      if (entry.includes('__tests__') || !entry.endsWith('.ts')) continue
      newest = Math.max(newest, (await stat(`${root}/${folder}/${entry}`)).mtimeMs)
    }
  }
  return newest
}

async function oldestOutput(): Promise<number> {
  try {
    return Math.min(...(await Promise.all(OUTPUTS.map(async (f) => (await stat(`${root}/${f}`)).mtimeMs))))
  } catch {
    return 0
  }
}

if ((await oldestOutput()) <= (await newestSource())) await buildCheckoutJs()
