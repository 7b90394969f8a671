import { createRequire } from 'node:module'
import type { Plugin } from '@docusaurus/types'
import type { RuleSetRule } from 'webpack'

const require = createRequire(import.meta.url)

/**
 * Docusaurus registers `prism.additionalLanguages` (bash) by loading Prism's language files while it mounts
 * its own Prism instance (prism-react-renderer's) on `globalThis.Prism`: each file adds its grammar to the
 * free variable `Prism`. docusaurus-theme-redoc gives every bundle a `ProvidePlugin({ Prism: 'prismjs' })`
 * for Redoc, and that turns the free `Prism` of those files into a second copy of Prism, the `prismjs`
 * package. So the grammars went to the wrong Prism (bash blocks were not highlighted), and that copy of
 * Prism, loaded on every page, highlighted the code blocks itself on DOMContentLoaded: it rewrote their
 * markup before React hydrated it, React found a mismatch (error #418) and rendered the whole page again
 * on the client. (Redoc's own use of `prismjs` is untouched: it loads the language files itself.)
 *
 * The rule below gives the language files Docusaurus loads a local `Prism` bound to `globalThis.Prism`, the
 * instance Docusaurus mounted there, so the ProvidePlugin has no free variable left to replace in them.
 */
export const prismLanguagesRule: RuleSetRule = {
  test: /[\\/]prismjs[\\/]components[\\/]prism-[\w-]+\.js$/,
  // Docusaurus loads them through a require context, whose modules name no issuer file; Redoc's own bundle
  // loads the same files for its copy of Prism, and keeps them as they are.
  issuer: { not: /[\\/]redoc[\\/]bundles[\\/]/ },
  loader: require.resolve('string-replace-loader'),
  options: { search: /^/, replace: () => 'var Prism = globalThis.Prism;\n', strict: true },
}

export function prismLanguagesPlugin(): Plugin {
  return {
    name: 'plazo-prism-languages',
    configureWebpack: () => ({ module: { rules: [prismLanguagesRule] } }),
  }
}
