// One Spanish word per idea (glossary.ts) in every Spanish text a developer reads: the guides, their UI
// strings, the Spanish texts of the OpenAPI documents (the contract's catalogues, which the API references and
// the globals page show) and the Spanish checkout-js reference. Code spans, code blocks, URLs and identifiers
// are not prose: `desisted`, `/desist` and `pricing_id` stay as the API spells them.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SPANISH_GLOBALS_TEXTS, SPANISH_TAG_NAMES, SPANISH_TEXTS } from '@plazo/contract'
import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { BRAND_PLAZO, GLOSSARY, SPANISH_TERM_PLAZO, spanishTermsIn, termPlazoIn } from '../glossary.ts'
import { siteDir, spanishPages } from './pages.ts'

/** Identifiers and paths written without backticks (`payment_intent_status_changed`, `formatted.apr`, `/api/v2/…`). */
const IDENTIFIER = /(?:https?:\/\/|\/)\S*|[\p{L}\p{N}$]+(?:[._][\p{L}\p{N}$]+)+|\b[a-z]+[A-Z][\p{L}\p{N}]*/gu

interface Text {
  /** Text nodes: no code, HTML/JSX or link targets. */
  prose: string
  /** Mermaid diagrams: code blocks, but the brand plugin rewrites them as it does prose. */
  diagrams: string
}

/** The prose and the diagrams of a Markdown (or MDX) text. */
export function read(markdown: string): Text {
  const parts: string[] = []
  const diagrams: string[] = []
  let body = markdown
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(markdown)
  if (frontMatter) {
    for (const line of frontMatter[1]?.split('\n') ?? []) {
      const value = /^(?:title|sidebar_label|description):\s*(.*)$/.exec(line)?.[1]
      if (value) parts.push(value)
    }
    body = markdown.slice(frontMatter[0].length)
  }
  body = body.replace(/^import .*$/gm, '')
  const visit = (node: Nodes): void => {
    if (node.type === 'text') parts.push(node.value)
    else if (node.type === 'code' && node.lang === 'mermaid') diagrams.push(node.value)
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(body))
  const clean = (texts: string[]) =>
    texts
      .join('\n')
      .replace(/\{#[\w-]+\}/g, '')
      .replace(IDENTIFIER, ' ')
  return { prose: clean(parts), diagrams: clean(diagrams) }
}

interface Body extends Text {
  name: string
}

const esDir = join(siteDir, 'i18n/es')
const repoDir = join(siteDir, '../..')

const guides: Body[] = spanishPages()
  .filter((page) => page.id !== 'api/globals') // generated from the catalogues below
  .map((page) => ({ name: `guide ${page.id}`, ...read(page.text) }))

const uiFiles = [
  'code.json',
  'docusaurus-plugin-content-docs/current.json',
  ...readdirSync(join(esDir, 'docusaurus-theme-classic')).map((name) => `docusaurus-theme-classic/${name}`),
]
const uiStrings: Body[] = uiFiles.flatMap((file) =>
  Object.entries(
    JSON.parse(readFileSync(join(esDir, file), 'utf8')) as Record<string, { message: string }>,
  ).map(([id, { message }]) => ({ name: `i18n/es/${file} ${id}`, prose: message, diagrams: '' })),
)

const catalogues = { SPANISH_TEXTS, SPANISH_TAG_NAMES, SPANISH_GLOBALS_TEXTS }
const openApiTexts: Body[] = Object.entries(catalogues).flatMap(([catalogue, entries]) =>
  Object.entries(entries).map(([english, spanish]) => ({
    name: `${catalogue}[${JSON.stringify(english.slice(0, 60))}…]`,
    ...read(spanish),
  })),
)

/** The Spanish blocks of the checkout-js reference's translation memory (its `<!-- es -->` halves). */
const checkoutJsMemory = readFileSync(join(repoDir, 'packages/checkout-js/docs-i18n/es.md'), 'utf8')
const checkoutJs: Body[] = checkoutJsMemory
  .split('<!-- en -->')
  .slice(1)
  .map((entry, index) => ({
    name: `checkout-js docs-i18n/es.md entry ${index + 1}`,
    ...read(entry.split('<!-- es -->')[1] ?? ''),
  }))

function findings(bodies: Body[]): string[] {
  return bodies.flatMap((body) =>
    [...spanishTermsIn(body.prose), ...termPlazoIn(body.diagrams)].map(
      ({ found, term }) => `${body.name}: "${found}" (write: ${term})`,
    ),
  )
}

describe('the glossary', () => {
  it('gives every term in English, Spanish and French, and its Spanish term passes its own rules', () => {
    for (const term of GLOSSARY) {
      expect(term.en && term.es && term.fr, term.en).toBeTruthy()
      expect(spanishTermsIn(term.es), term.en).toEqual([])
    }
  })

  it('knows "Plazo" the word from "Plazo" the brand', () => {
    const word = [
      'Plazo de confirmación',
      'Plazos (meses)',
      'Plazo elegido, en meses.',
      'Plazo en meses.',
      'Plazos ofrecidos',
    ]
    const brand = [
      'La API de Plazo.',
      'Plazo envía un webhook',
      'el SDK de Plazo para Node.js',
      'Plazo-Webhooks/1.0',
    ]
    for (const text of word) expect(text.match(SPANISH_TERM_PLAZO), text).not.toBeNull()
    for (const text of brand) expect(text.match(SPANISH_TERM_PLAZO), text).toBeNull()
    for (const text of word) expect(text.replace(BRAND_PLAZO, 'Acme'), text).toBe(text)
    for (const text of brand.slice(0, 3)) expect(text.replace(BRAND_PLAZO, 'Acme'), text).toContain('Acme')
  })

  it('reads prose only: code, URLs and identifiers are left out', () => {
    const text = read(
      '---\ntitle: Pago\nslug: /x\n---\n\nEl estado `desisted` de [la guía](/docs/payment-intent) y payment_intent_status.\n\n```json\n{"pricing": 1}\n```\n\n```mermaid\nA->>B: Plazos\n```\n',
    )
    expect(spanishTermsIn(text.prose)).toEqual([])
    expect(text.prose).toContain('Pago')
    expect(termPlazoIn(text.diagrams)).toHaveLength(1)
  })
})

describe('Spanish prose uses the glossary terms', () => {
  it('in the guides', () => {
    expect(findings(guides)).toEqual([])
  })

  it('in the UI strings (code.json, navbar, footer, sidebar)', () => {
    expect(findings(uiStrings)).toEqual([])
  })

  it('in the Spanish texts of the OpenAPI documents and the globals page', () => {
    expect(findings(openApiTexts)).toEqual([])
  })

  it('in the Spanish checkout-js reference', () => {
    expect(findings(checkoutJs)).toEqual([])
  })
})
