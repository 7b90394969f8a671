/**
 * The Spanish checkout-js reference, made from the English one that TypeDoc generates (docs-md/) and a
 * translation memory (docs-i18n/es.md) written by people: every block of prose (a paragraph, a list, a
 * table, a heading of several words) is looked up there by its exact English text. TypeDoc's own words
 * (section headings such as "Parameters", page-title prefixes such as "Function:") come from HEADINGS below;
 * names, type signatures and code pass through as they are, except code with comments, which the memory
 * must hold in Spanish too.
 *
 * A heading whose text is translated keeps its English id (`## Parámetros {#parameters}`): the site's
 * language switch keeps the #hash, which must land on the same section in the other language.
 *
 * When the English changes (a TSDoc comment is edited, an export added), its old entry no longer matches:
 * generation then fails and names each English block without a Spanish one and each entry nothing uses, so
 * the Spanish reference can never silently fall behind the English one. (Biome leaves docs-i18n/ alone: its
 * Markdown formatting would change the English blocks, which must stay exactly as TypeDoc writes them.)
 */

import { createSlugger } from '@docusaurus/utils'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString as plainText } from 'mdast-util-to-string'

/** TypeDoc's section headings, as typedoc-plugin-markdown writes them, in Spanish. */
export const HEADINGS: Record<string, string> = {
  Accessors: 'Accesores',
  Classes: 'Clases',
  Constructor: 'Constructor',
  Constructors: 'Constructores',
  'Enumeration Members': 'Miembros de la enumeración',
  Enumerations: 'Enumeraciones',
  Errors: 'Errores',
  Example: 'Ejemplo',
  Examples: 'Ejemplos',
  'Extended by': 'Extendida por',
  Extends: 'Extiende',
  Functions: 'Funciones',
  'Get Signature': 'Firma del get',
  'Inherited from': 'Heredada de',
  Interfaces: 'Interfaces',
  Methods: 'Métodos',
  Parameters: 'Parámetros',
  Properties: 'Propiedades',
  Returns: 'Devuelve',
  Throws: 'Lanza',
  'Type Alias': 'Alias de tipo',
  'Type Aliases': 'Alias de tipo',
  'Type Declaration': 'Declaración del tipo',
  'Type Literal': 'Tipo literal',
  'Type Parameters': 'Parámetros de tipo',
  'Union Members': 'Miembros de la unión',
  Variables: 'Variables',
}

/** The prefixes of page titles ("# Function: init()"). */
const TITLE_PREFIXES: Record<string, string> = {
  Class: 'Clase',
  Enumeration: 'Enumeración',
  Function: 'Función',
  Interface: 'Interfaz',
  'Type Alias': 'Alias de tipo',
  Variable: 'Variable',
}

/** A translation memory: English block → Spanish block. */
export type Memory = Map<string, string>

/**
 * The blocks of a Markdown page: fenced code blocks whole, other text split at blank lines. Joining the
 * blocks with a blank line gives the page back (TypeDoc never puts two blank lines in a row outside code).
 */
export function blocksOf(markdown: string): string[] {
  const blocks: string[] = []
  let current: string[] = []
  let fenced = false
  const flush = () => {
    if (current.length > 0) blocks.push(current.join('\n'))
    current = []
  }
  for (const line of markdown.replace(/\n+$/, '').split('\n')) {
    if (line.startsWith('```')) {
      if (!fenced) flush()
      current.push(line)
      fenced = !fenced
      if (!fenced) flush()
    } else if (fenced) {
      current.push(line)
    } else if (line.trim() === '') {
      flush()
    } else {
      current.push(line)
    }
  }
  flush()
  return blocks
}

/** TypeScript's own words, as TypeDoc writes them in type signatures outside code spans (`K` _extends_ keyof …). */
const TYPESCRIPT_WORDS = /(?<![A-Za-z])(?:keyof|typeof|extends|readonly|infer|unique|asserts|is)(?![A-Za-z])/g

/**
 * Words of a block once code spans, link targets, links to a name (`[FilterBy](…)`) and TypeScript's own
 * words are left out, a word with hyphens or digits counting once: names and types alone (`# checkout-js`, a list of
 * links to exports, `keyof [FilterBy](…)`) are not prose; any other word is ("Default `x`.", "E.g. …").
 */
function proseWords(block: string): string[] {
  return (
    block
      .replace(/`[^`]*`/g, ' ')
      .replace(/\[[^\]\s]*\]\([^)]*\)/g, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(TYPESCRIPT_WORDS, ' ')
      .match(/[A-Za-zÀ-ÿ][\wÀ-ÿ-]*/g) ?? []
  )
}

type Kind = 'code' | 'heading' | 'prose' | 'name'

function kindOf(block: string): Kind {
  if (block.startsWith('```')) return 'code'
  if (/^#{1,6} /.test(block) && !block.includes('\n')) return 'heading'
  return proseWords(block).length > 0 ? 'prose' : 'name'
}

/**
 * A heading in Spanish: TypeDoc's own words from HEADINGS, a page title with its prefix translated, a
 * heading of several words from the memory; a heading that is a name (`### agentId`) stays as it is.
 */
function translateHeading(block: string, memory: Memory, missing: Set<string>, used: Set<string>): string {
  const [, hashes = '', text = ''] = /^(#{1,6}) (.*)$/.exec(block) ?? []
  // Own keys only: a member heading such as `### constructor` must not find Object.prototype's.
  if (Object.hasOwn(HEADINGS, text)) return `${hashes} ${HEADINGS[text]}`
  const [prefix = '', name] = text.split(/: (.*)/, 2)
  if (Object.hasOwn(TITLE_PREFIXES, prefix) && name) return `${hashes} ${TITLE_PREFIXES[prefix]}: ${name}`
  if (proseWords(text).length < 2) return block
  return lookUp(block, memory, missing, used)
}

function lookUp(block: string, memory: Memory, missing: Set<string>, used: Set<string>): string {
  const spanish = memory.get(block)
  if (spanish === undefined) {
    missing.add(block)
    return block
  }
  used.add(block)
  return spanish
}

/** Whether a code block has comments (line, block or HTML comments), which are written for people. */
function hasComments(code: string): boolean {
  return /(^|\s)\/\/\s|\/\*|<!-{2}/m.test(code)
}

/** One page in Spanish. */
function translatePage(markdown: string, memory: Memory, missing: Set<string>, used: Set<string>): string {
  // The ids Docusaurus gives the English headings: the slug of their text, numbered when it repeats.
  const slugger = createSlugger()
  const blocks = blocksOf(markdown).map((block) => {
    const kind = kindOf(block)
    if (kind === 'heading') {
      const id = slugger.slug(plainText(fromMarkdown(block)))
      const spanish = translateHeading(block, memory, missing, used)
      return spanish === block ? block : `${spanish} {#${id}}`
    }
    if (kind === 'prose') return lookUp(block, memory, missing, used)
    // Code passes through, unless it has comments for people: those need their Spanish version too.
    if (kind === 'code' && (memory.has(block) || hasComments(block)))
      return lookUp(block, memory, missing, used)
    return block
  })
  return `${blocks.join('\n\n')}\n`
}

export interface Translation {
  /** The Spanish pages, by the same relative paths. */
  pages: Record<string, string>
  /** English blocks the memory has no Spanish for. */
  missing: string[]
  /** Memory entries no page uses any more. */
  unused: string[]
}

/** The Spanish reference: every `.md` page of the English one, translated. */
export function translateReference(english: Record<string, string>, memory: Memory): Translation {
  const missing = new Set<string>()
  const used = new Set<string>()
  const pages: Record<string, string> = {}
  for (const [path, markdown] of Object.entries(english)) {
    if (path.endsWith('.md')) pages[path] = translatePage(markdown, memory, missing, used)
  }
  return {
    pages,
    missing: [...missing],
    unused: [...memory.keys()].filter((block) => !used.has(block)),
  }
}

const EN = '<!-- en -->'
const ES = '<!-- es -->'

/**
 * Reads a memory file: entries of an `<!-- en -->` line, the English block, an `<!-- es -->` line and the
 * Spanish block. Anything before the first entry (an explanation for translators) is ignored.
 */
export function parseMemory(text: string): Memory {
  const memory: Memory = new Map()
  const entries = text.split(`\n${EN}\n`).slice(1)
  for (const entry of entries) {
    const at = entry.indexOf(`\n${ES}\n`)
    if (at < 0) throw new Error(`A memory entry has no ${ES} line:\n${entry.slice(0, 200)}`)
    const english = entry.slice(0, at).trim()
    const spanish = entry.slice(at + ES.length + 2).trim()
    if (!english || !spanish) throw new Error(`A memory entry is empty on one side:\n${entry.slice(0, 200)}`)
    if (memory.has(english)) throw new Error(`The memory has this English block twice:\n${english}`)
    memory.set(english, spanish)
  }
  return memory
}

/** A memory file's text, entries in the order given. */
export function formatMemory(preamble: string, entries: Array<[english: string, spanish: string]>): string {
  return `${preamble.trim()}\n${entries.map(([en, es]) => `\n${EN}\n${en}\n${ES}\n${es}\n`).join('')}`
}
