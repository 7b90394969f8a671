import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { withCodeSamples } from '../src/code-samples/index.ts'
import { CONSTANTS } from '../src/constants.ts'
import { ENUMS } from '../src/enums.ts'
import { ERROR_CATALOGUE } from '../src/errors.ts'
import {
  SPANISH_CATALOGUES,
  SPANISH_GLOBALS_TEXTS,
  SPANISH_TAG_NAMES,
  SPANISH_TEXTS,
} from '../src/openapi/es/index.ts'
import { buildOpenApiDocument, OPENAPI_DOCUMENT_NAMES } from '../src/openapi/index.ts'
import { documentTexts, translateDocument } from '../src/openapi/translate.ts'

const dir = fileURLToPath(new URL('../openapi/', import.meta.url))
type Doc = Record<string, unknown>
const committed = (path: string): Doc => JSON.parse(readFileSync(`${dir}${path}`, 'utf8'))

/** Entries that read the same in both languages, on purpose: a copied English text anywhere else is a slip. */
const SAME_IN_BOTH = new Set(['UUID.', 'Staging', '`Plazo-Webhooks/1.0`.', 'Demo Store, agent-online'])

const englishDocuments = OPENAPI_DOCUMENT_NAMES.map((name) => buildOpenApiDocument(name))
const englishTexts = new Set(
  englishDocuments.flatMap((doc) => documentTexts(doc as never).map((t) => t.text)),
)
const englishTags = new Set(
  englishDocuments.flatMap((doc) => (doc.tags as Array<{ name: string }>).map((tag) => tag.name)),
)

describe.each(OPENAPI_DOCUMENT_NAMES)('Spanish OpenAPI document %s', (name) => {
  const english = withCodeSamples(buildOpenApiDocument(name), name)
  const spanish = committed(`es/${name}.json`)

  it('has a Spanish entry for every text of the English document (add it to src/openapi/es/)', () => {
    const { missing } = translateDocument(english, SPANISH_TEXTS, SPANISH_TAG_NAMES)
    expect(missing.map(({ where, text }) => `${where}: ${text}`)).toEqual([])
  })

  it('is up to date with the schemas and the catalogue (regenerate with `npm run build -w packages/contract`)', () => {
    expect(spanish).toEqual(
      JSON.parse(JSON.stringify(withCodeSamples(buildOpenApiDocument(name, 'es'), name))),
    )
  })

  it('differs from the English one in its texts only: same paths, schemas, examples and tag names', () => {
    const blank = (doc: Doc) => {
      const copy = JSON.parse(JSON.stringify(doc)) as Doc
      for (const tag of copy.tags as Array<Record<string, unknown>>) delete tag['x-displayName']
      const texts = new Set(documentTexts(copy as never).map((t) => t.where))
      return { copy, texts }
    }
    const en = blank(english)
    const es = blank(spanish)
    expect([...es.texts]).toEqual([...en.texts])
    const withoutTexts = (doc: Doc) => translateDocument(doc, new Proxy({}, { get: () => '…' }), {}).document
    expect(withoutTexts(es.copy)).toEqual(withoutTexts(en.copy))
  })

  it('shows Spanish tag names and keeps the English ones as anchors', () => {
    for (const tag of spanish.tags as Array<{ name: string; 'x-displayName': string }>) {
      expect(englishTags.has(tag.name)).toBe(true)
      expect(tag['x-displayName']).toBe(SPANISH_TAG_NAMES[tag.name])
    }
  })
})

describe('the Spanish catalogue', () => {
  it.each(Object.entries(SPANISH_CATALOGUES))(
    '%s has no entry the documents no longer use',
    (_file, catalogue) => {
      expect(Object.keys(catalogue).filter((english) => !englishTexts.has(english))).toEqual([])
    },
  )

  it('names only tags the documents use', () => {
    expect(Object.keys(SPANISH_TAG_NAMES).filter((tag) => !englishTags.has(tag))).toEqual([])
  })

  it('translates: an entry equal to its English is one of the few texts that read the same in Spanish', () => {
    const copied = Object.entries(SPANISH_TEXTS).filter(
      ([english, spanish]) => english === spanish && !SAME_IN_BOTH.has(english),
    )
    expect(copied).toEqual([])
  })

  it('keeps every `code` span of the English text in its Spanish', () => {
    const code = (text: string) => text.match(/`[^`]+`/g) ?? []
    // A Spanish sentence may quote a field once more or reorder a list, so the spans are compared as sets.
    const lost = Object.entries(SPANISH_TEXTS).filter(([english, spanish]) => {
      const kept = new Set(code(spanish))
      return code(english).some((span) => !kept.has(span))
    })
    expect(lost.map(([english]) => english)).toEqual([])
  })

  it('shows the Spanish texts in the reference: an operation summary and a schema description', () => {
    const spanish = committed('es/order-management.json')
    const paths = spanish.paths as Record<string, Record<string, { summary: string }>>
    expect(paths['/checkout/{checkout_session_id}/refund']?.post?.summary).toBe('Reembolsar un pedido')
    const schemas = (spanish.components as { schemas: Record<string, { description?: string }> }).schemas
    expect(schemas.RefundRequest?.description).toMatch(/^Reembolsa por `refunded_item_ids`/)
  })
})

describe('the Spanish operation summaries', () => {
  // The guides' headings name a task with an infinitive ("Capturar un pedido"); the references' operations are
  // the same tasks, so they read the same way, not as orders ("Captura un pedido").
  const summaries = englishDocuments.flatMap((doc) =>
    Object.values(doc.paths as Record<string, Record<string, { summary?: string }>>).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.summary ?? []),
    ),
  )

  it('start with an infinitive', () => {
    expect(summaries.length).toBeGreaterThan(30)
    const infinitive = /^\p{Lu}\p{Ll}*(?:ar|er|ir)(?:se|lo|la)?$/u
    const notInfinitive = summaries
      .map((english) => SPANISH_TEXTS[english] ?? '')
      .filter((spanish) => !infinitive.test(spanish.split(' ')[0] ?? ''))
    expect(notInfinitive).toEqual([])
  })
})

describe('the Spanish globals catalogue', () => {
  // The globals page shows every enumeration's and constant's description and every error's `when`: in Spanish
  // from SPANISH_TEXTS when a document shows the text too, else from SPANISH_GLOBALS_TEXTS, never from both.
  const constantDescriptions = Object.values(CONSTANTS).map((constant) => constant.description)
  const texts = [
    ...Object.values(ENUMS).map((enumeration) => enumeration.description),
    ...constantDescriptions,
    ...ERROR_CATALOGUE.map((entry) => entry.when),
  ]

  it('has the Spanish of every text of the globals page that no document shows', () => {
    expect(texts.filter((text) => !(text in SPANISH_TEXTS) && !(text in SPANISH_GLOBALS_TEXTS))).toEqual([])
  })

  it('has no entry the page no longer shows, and none that SPANISH_TEXTS already gives', () => {
    const shown = new Set(texts)
    expect(Object.keys(SPANISH_GLOBALS_TEXTS).filter((text) => !shown.has(text))).toEqual([])
    expect(Object.keys(SPANISH_GLOBALS_TEXTS).filter((text) => text in SPANISH_TEXTS)).toEqual([])
  })

  it('keeps every `code` span of the English', () => {
    const code = (text: string): string[] => text.match(/`[^`]+`/g) ?? []
    const lost = Object.entries(SPANISH_GLOBALS_TEXTS).filter(([english, spanish]) =>
      code(english).some((span) => !code(spanish).includes(span)),
    )
    expect(lost.map(([english]) => english)).toEqual([])
  })
})
