import { mkdtemp, rm } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { folderText, generateDocs } from '../../scripts/docs.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Every name the spec's client script library reference lists (spec §2), and PlazoError, by TypeDoc's folder
 * for its kind.
 */
const SPEC = {
  functions: [
    'init',
    'checkoutSession',
    'paymentIntent',
    'availablePaymentMethods',
    'allAvailablePaymentMethods',
    'paymentMethodConditions',
    'agentConfiguration',
    'agentPricings',
    'simulator',
    'documentation',
    'paymentMethodBoundary',
    'BnplComponent',
    'CheckoutSessionComponent',
    'SimulatorComponent',
    'SinglePaymentComponent',
  ],
  enumerations: ['PaymentMethodType', 'Status'],
  // FilterByMap is the spec's; PlazoError is DESIGN.md's (every onError receives one).
  classes: ['FilterByMap', 'PlazoError'],
  'type-aliases': ['FilterBy', 'PaymentMethodBoundary'],
  variables: ['storage'],
  interfaces: [
    'BnplComponentProps',
    'CheckoutSessionComponentProps',
    'CheckoutSessionProps',
    'DocumentationComponentProps',
    'LoanConditions',
    'MountElement',
    'PaymentIntentProps',
    'PaymentMethodConditions',
    'SimulatorBoundary',
    'SimulatorComponentProps',
    'SimulatorLoanConditions',
    'SimulatorProps',
    'SinglePaymentComponentProps',
  ],
}

describe('the TypeDoc reference (docs-md) and its Spanish version (docs-md-es)', () => {
  let fresh: Record<string, string>
  let freshEs: Record<string, string>
  let out: string
  beforeAll(async () => {
    // Inside the repo, so the repo's Biome settings format it as they format docs-md.
    out = await mkdtemp(resolve(root, '.docs-check-'))
    await generateDocs(resolve(out, 'en'), resolve(out, 'es'))
    fresh = await folderText(resolve(out, 'en'))
    freshEs = await folderText(resolve(out, 'es'))
  }, 120_000)
  afterAll(() => rm(out, { recursive: true, force: true }))

  it('has an index, a globals page and one page per name of the spec, and no other page', () => {
    const expected = [
      'globals.md',
      'index.md',
      'typedoc-sidebar.cjs',
      ...Object.entries(SPEC).flatMap(([folder, names]) => names.map((name) => `${folder}/${name}.md`)),
    ].sort()
    expect(Object.keys(fresh).sort()).toEqual(expected)
  })

  it('gives every export an example a merchant can copy', () => {
    for (const [folder, names] of Object.entries(SPEC)) {
      for (const name of names) {
        expect(fresh[`${folder}/${name}.md`], name).toMatch(/## Examples?\n\n```(ts|html)\n/)
      }
    }
  })

  it('is committed as generated (run npm run docs -w packages/checkout-js after changing TSDoc)', async () => {
    expect(await folderText(resolve(root, 'docs-md'))).toEqual(fresh)
    expect(await folderText(resolve(root, 'docs-md-es'))).toEqual(freshEs)
  })

  it('has every English page in Spanish, with the same code, code spans and links', () => {
    const pages = Object.keys(fresh).filter((path) => path.endsWith('.md'))
    expect(Object.keys(freshEs).sort()).toEqual(pages.sort())
    const fences = (markdown: string) => markdown.match(/^```\w*$/gm) ?? []
    const links = (markdown: string) => (markdown.match(/\]\([^)]+\)/g) ?? []).sort()
    const codeSpans = (markdown: string) =>
      (markdown.replace(/^```[\s\S]*?^```$/gm, '').match(/`[^`\n]+`/g) ?? []).sort()
    for (const path of pages) {
      const [english, spanish] = [fresh[path] ?? '', freshEs[path] ?? '']
      expect(fences(spanish), path).toEqual(fences(english))
      expect(links(spanish), path).toEqual(links(english))
      expect(codeSpans(spanish), path).toEqual(codeSpans(english))
    }
    // Translated headings keep the English ids, so the site's language switch keeps the #hash.
    expect(freshEs['functions/init.md']).toMatch(/^# Función: init\(\) \{#function-init\}\n/)
    expect(freshEs['functions/init.md']).toContain('## Parámetros {#parameters}\n')
  })
})
