import siteConfig from '@generated/docusaurus.config'
import type { Prism as PrismObject } from 'prism-react-renderer'

type Prism = typeof PrismObject

let pending: Prism | undefined

/**
 * Docusaurus calls this as main.js starts, on every page, to add `prism.additionalLanguages` to the Prism
 * behind CodeBlock. Building the grammars (each `insertBefore` walks every grammar already built) is put off
 * until a code block first tokenizes (src/theme/CodeBlock/Content): a page that hydrates keeps its served
 * highlighting and never needs them, and the home page and the API references have no code block.
 */
export default function prismIncludeLanguages(prism: Prism): void {
  pending = prism
}

/** Adds the site's grammars to Prism the first time a code block needs them. */
export function includePrismLanguages(): void {
  const prism = pending
  if (!prism) return
  pending = undefined
  const { additionalLanguages } = siteConfig.themeConfig.prism as { additionalLanguages: string[] }
  // Prism's language files add their grammar to the global Prism (plugins/prism-languages.ts binds them to
  // globalThis.Prism), so the instance is mounted there while they load, as the theme's own version does.
  const before = (globalThis as { Prism?: Prism }).Prism
  ;(globalThis as { Prism?: Prism }).Prism = prism
  for (const language of additionalLanguages) {
    require(`prismjs/components/prism-${language}`)
  }
  if (before === undefined) delete (globalThis as { Prism?: Prism }).Prism
  else (globalThis as { Prism?: Prism }).Prism = before
}
