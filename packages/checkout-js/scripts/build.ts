/**
 * Builds the published shape of checkout-js with esbuild, after regenerating src/generated/contract.ts:
 * - dist/index.js: one ES module for bundlers and `import` (with a source map), plus the .d.ts files (tsc);
 * - dist/checkout.js: one minified IIFE for a script tag, defining `window.PlazoCheckout`; the API serves it at
 *   /checkout.js. Its size is printed and checked against the budget.
 */
import { execFileSync } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { GENERATED_PATH, generate } from './generate-contract.ts'
import { printSize } from './size.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
// Browsers that support private class fields, optional chaining and `??` natively (2021 onwards).
const TARGET = ['es2021', 'chrome91', 'firefox90', 'safari15', 'edge91']

export async function buildCheckoutJs(): Promise<void> {
  // Rewritten only when it changes: test files running beside a build import it from src/.
  const generated = generate()
  if ((await readFile(GENERATED_PATH, 'utf8').catch(() => '')) !== generated)
    await writeFile(GENERATED_PATH, generated)
  await rm(`${root}/dist`, { recursive: true, force: true })
  await build({
    entryPoints: [`${root}/src/index.ts`],
    outfile: `${root}/dist/index.js`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  await build({
    entryPoints: [`${root}/src/browser.ts`],
    outfile: `${root}/dist/checkout.js`,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    banner: { js: '/* Plazo checkout-js: window.PlazoCheckout */' },
    logLevel: 'warning',
  })
  execFileSync('npx', ['tsc', '-p', `${root}/tsconfig.build.json`], { stdio: 'inherit' })
  await rewriteDeclarationImports(`${root}/dist`)
  await printSize()
}

/**
 * tsc keeps the sources' `./x.ts` specifiers in .d.ts files; consumers without `allowImportingTsExtensions`
 * need `./x.js`, which resolves to the `./x.d.ts` beside it.
 */
async function rewriteDeclarationImports(folder: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true })
  for (const entry of entries.filter((name) => name.endsWith('.d.ts'))) {
    const path = `${folder}/${entry}`
    const text = await readFile(path, 'utf8')
    await writeFile(path, text.replace(/(from\s+'\.{1,2}\/[^']+)\.ts'/g, "$1.js'"))
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildCheckoutJs()
