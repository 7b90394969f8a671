import { createRequire } from 'node:module'
import type { Plugin } from '@docusaurus/types'
import type { RuleSetRule } from 'webpack'

const require = createRequire(import.meta.url)

/**
 * The Prism grammars of the site's code blocks (`prism.additionalLanguages` in docusaurus.config.ts), in the
 * order they must load: each of Prism's language files extends the grammars loaded before it (javascript
 * builds on clike, typescript on javascript; css, javascript and jsdoc add themselves to markup and
 * javascript when those are there). With these the guides tokenize exactly as they did with
 * prism-react-renderer's bundled set (bash, json, js, ts, yaml, css, html; plain text otherwise): every code
 * block of the built guides came out byte for byte the same. A language missing here renders as plain text,
 * so e2e/site.test.ts checks that a block of every language the guides use is highlighted.
 */
export const PRISM_LANGUAGES = [
  'markup',
  'css',
  'css-extras',
  'clike',
  'regex',
  'javascript',
  'javadoclike',
  'typescript',
  'jsdoc',
  'js-extras',
  'json',
  'bash',
  'yaml',
]

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

/**
 * prism-react-renderer (the Prism behind Docusaurus's CodeBlock) bundles about 40 grammars (Swift, Kotlin,
 * Rust, C++, GraphQL, …) and builds all of them when main.js runs, on every page: each `insertBefore` walks
 * every grammar already built, so on a phone this was a good part of main.js's own time. The rule keeps its
 * Prism core and drops its grammars (the block its build marks `// src/prism-langs.ts`); the grammars the
 * site uses come from PRISM_LANGUAGES instead. `strict` stops the build if the block is not found, e.g. after
 * an upgrade of prism-react-renderer (pinned in package.json).
 */
export const leanPrismRule: RuleSetRule = {
  test: /[\\/]prism-react-renderer[\\/]dist[\\/]index\.m?js$/,
  loader: require.resolve('string-replace-loader'),
  options: {
    search:
      /(\/\/ src\/prism-langs\.ts\nvar Prism = __toESM\(require_prism\(\)\);\n)[\s\S]*?(?=\n\/\/ src\/themes\/index\.ts\n)/,
    replace: '$1',
    strict: true,
  },
}

export function prismLanguagesPlugin(): Plugin {
  return {
    name: 'plazo-prism-languages',
    configureWebpack: () => ({ module: { rules: [prismLanguagesRule, leanPrismRule] } }),
  }
}
