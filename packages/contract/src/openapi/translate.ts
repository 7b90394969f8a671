/**
 * The Spanish OpenAPI documents are the English ones with every text a reader sees replaced from a
 * catalogue (src/openapi/es/): the English stays the one source of the contract, and the catalogue only
 * says how each of its texts reads in Spanish. Names, paths, examples and enum values are never touched.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Keywords whose string value is prose shown by Redoc (a schema's `title` is its type name: see below). */
const TEXT_KEYWORDS = new Set(['description', 'summary'])

/**
 * Objects whose keys are names chosen by the contract (a property, a path, a status, a media type…), not
 * keywords: a property called `description` is a schema, never a text.
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'schemas',
  'paths',
  'webhooks',
  'responses',
  'headers',
  'content',
  'securitySchemes',
  'parameters',
  'examples',
  'callbacks',
  'links',
  'requestBodies',
  'encoding',
])

/**
 * Keywords whose values are data sent or received over the wire (or the API's own English error messages,
 * `x-error-message`): they read the same in every language.
 */
const DATA_KEYWORDS = new Set([
  'value',
  'example',
  'examples',
  'default',
  'const',
  'enum',
  'required',
  'discriminator',
  'x-error-message',
  'x-codeSamples',
])

/** Texts of the document that are identifiers rather than prose (the webhook events are summarised by name). */
export function isProse(text: string): boolean {
  return !/^[a-z0-9_.]+$/.test(text)
}

export interface TextVisit {
  /** JSON pointer-like location, for messages. */
  where: string
  text: string
}

/**
 * A long Markdown description is translated paragraph by paragraph (blocks between blank lines): the
 * introduction the four documents share is then translated once, and a changed paragraph asks for its own
 * translation only.
 */
export function paragraphs(text: string): string[] {
  return text.split('\n\n')
}

/** Every translatable text (paragraph) of a document, in document order. */
export function documentTexts(document: Json): TextVisit[] {
  const found: TextVisit[] = []
  visit(copy(document), '', (where, text) => {
    for (const paragraph of paragraphs(text)) found.push({ where, text: paragraph })
    return text
  })
  return found
}

export interface Translation {
  document: Record<string, unknown>
  /** English texts with no entry in the catalogue (left in English). */
  missing: TextVisit[]
}

/**
 * The document with each text replaced by its catalogue entry. Tags keep their names (the `#tag/…` links
 * stay the same in both languages) and get a Spanish `x-displayName`, which Redoc shows instead.
 */
export function translateDocument(
  document: Record<string, unknown>,
  catalogue: Readonly<Record<string, string>>,
  tagNames: Readonly<Record<string, string>>,
): Translation {
  const missing: TextVisit[] = []
  const lookup = (where: string, text: string): string =>
    paragraphs(text)
      .map((paragraph) => {
        const spanish = catalogue[paragraph]
        if (spanish === undefined) missing.push({ where, text: paragraph })
        return spanish ?? paragraph
      })
      .join('\n\n')
  const translated = visit(copy(document), '', lookup) as JsonObject
  const tags = translated.tags
  if (Array.isArray(tags)) {
    for (const tag of tags as JsonObject[]) {
      const name = String(tag.name)
      const displayName = tagNames[name]
      if (displayName === undefined) missing.push({ where: `/tags/${name}`, text: name })
      else tag['x-displayName'] = displayName
    }
  }
  return { document: translated, missing }
}

/**
 * A deep copy that shares nothing: the built document reuses objects (one example in several operations),
 * and each place must be translated once, from the English.
 */
function copy(document: unknown): Json {
  return JSON.parse(JSON.stringify(document)) as Json
}

function visit(node: Json, where: string, replace: (where: string, text: string) => string): Json {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      node[index] = visit(item, `${where}/${index}`, replace)
    })
    return node
  }
  if (node === null || typeof node !== 'object') return node
  for (const [key, value] of Object.entries(node)) {
    const at = `${where}/${key}`
    if (DATA_KEYWORDS.has(key) && !(key === 'examples' && isNamedExamples(value))) continue
    if (typeof value === 'string') {
      if (isTextKeyword(key, where) && isProse(value)) node[key] = replace(at, value)
    } else if (NAME_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, child] of Object.entries(value)) value[name] = visit(child, `${at}/${name}`, replace)
    } else node[key] = visit(value, at, replace)
  }
  return node
}

/** The media type's `examples` is a map of named examples (with a `summary`); a schema's is a list of values. */
function isNamedExamples(value: Json): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * Besides descriptions and summaries: the document's title, its contact's and licence's names. Any other
 * `title` titles a schema with its component name (`CheckoutSessionRequest`), an identifier.
 */
function isTextKeyword(key: string, where: string): boolean {
  if (TEXT_KEYWORDS.has(key)) return true
  if (key === 'title') return where === '/info'
  return key === 'name' && (where === '/info/contact' || where === '/info/license')
}
