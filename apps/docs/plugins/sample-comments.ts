/**
 * The comments of a code sample, and the same sample with its comments in Spanish.
 *
 * A sample is one file, run by the tests (samples/README.md); a Spanish page shows the same code with the
 * comments of the folder's catalogue, `samples/<folder>/comments.es.yaml`: a list of `{en, es}` pairs, where
 * `en` is the text of one comment as it is in the file (the lines of a block of whole-line comments, without
 * their `#` or `//`) and `es` its Spanish, line by line as it should appear.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { parse } from 'yaml'

export type SampleLanguage = 'bash' | 'ts'

export interface SampleComment {
  /** The comment's text: its lines joined with `\n`, without the comment markers. */
  text: string
  /** 0-based index of its first line in the sample. */
  line: number
  /** Number of lines (whole-line comments of one block); 1 for a comment at the end of a line of code. */
  lines: number
}

interface Marker {
  /** What opens the comment and what follows the text (`/** … *\/`). */
  open: string
  close: string
}

const MARKERS: Record<SampleLanguage, Marker[]> = {
  // Bash samples run small Node programs (`node -e '…'`), whose comments are `//`.
  bash: [
    { open: '#', close: '' },
    { open: '//', close: '' },
  ],
  ts: [
    { open: '/**', close: ' */' },
    { open: '//', close: '' },
  ],
}

/** The header lines a sample starts with (`# expect: …`), read by the samples test and hidden on the page. */
export const SAMPLE_HEADER = /^(?:#|\/\/) expect(?:-status)?: .*$/

export function sampleLanguage(file: string): SampleLanguage {
  return file.endsWith('.sh') ? 'bash' : 'ts'
}

interface WholeLine {
  indent: string
  marker: Marker
  /** The text after the marker and one space (a hanging indent keeps its further spaces). */
  text: string
}

function wholeLineComment(line: string, language: SampleLanguage): WholeLine | undefined {
  if (SAMPLE_HEADER.test(line)) return undefined
  const [, indent = '', rest = ''] = /^(\s*)(.*)$/.exec(line) ?? []
  for (const marker of MARKERS[language]) {
    if (!rest.startsWith(`${marker.open} `) || !rest.endsWith(marker.close)) continue
    const text = rest.slice(marker.open.length + 1, rest.length - marker.close.length)
    if (text.trim() === '') continue
    return { indent, marker, text }
  }
  return undefined
}

/**
 * A comment after code on the same line: `code // text` or `code # text`, outside any quotes (a `#` or `//`
 * inside a string or a URL is code).
 */
function trailingComment(
  line: string,
  language: SampleLanguage,
): { code: string; marker: string; text: string } | undefined {
  const markers = language === 'bash' ? ['#', '//'] : ['//']
  let quote: string | undefined
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? ''
    if (quote) {
      if (char === quote && line[i - 1] !== '\\') quote = undefined
      continue
    }
    if (char === '"' || char === "'" || char === '`') {
      quote = char
      continue
    }
    const marker = markers.find((candidate) => line.startsWith(`${candidate} `, i))
    if (marker && i > 0 && /\s/.test(line[i - 1] ?? '') && line.slice(0, i).trim() !== '') {
      return { code: line.slice(0, i), marker, text: line.slice(i + marker.length + 1) }
    }
  }
  return undefined
}

/** Every comment of a sample, in order: blocks of whole-line comments and comments after code. */
export function sampleComments(code: string, language: SampleLanguage): SampleComment[] {
  const lines = code.split('\n')
  const found: SampleComment[] = []
  for (let i = 0; i < lines.length; i++) {
    const first = wholeLineComment(lines[i] ?? '', language)
    if (first) {
      const texts = [first.text]
      let j = i + 1
      for (; j < lines.length; j++) {
        const next = wholeLineComment(lines[j] ?? '', language)
        if (!next || next.indent !== first.indent || next.marker !== first.marker) break
        texts.push(next.text)
      }
      found.push({ text: texts.join('\n'), line: i, lines: j - i })
      i = j - 1
      continue
    }
    const trailing = trailingComment(lines[i] ?? '', language)
    if (trailing) found.push({ text: trailing.text, line: i, lines: 1 })
  }
  return found
}

export type CommentCatalogue = ReadonlyMap<string, string>

/**
 * The sample with each comment replaced by its catalogue entry, at the same indentation and with the same
 * markers. Returns the comments the catalogue lacks (left in English).
 */
export function translateSampleComments(
  code: string,
  language: SampleLanguage,
  catalogue: CommentCatalogue,
): { code: string; missing: string[] } {
  const lines = code.split('\n')
  const missing: string[] = []
  // From the end, so the line numbers of the comments still to replace stay valid.
  for (const comment of sampleComments(code, language).reverse()) {
    const spanish = catalogue.get(comment.text)
    if (spanish === undefined) {
      missing.push(comment.text)
      continue
    }
    const original = lines[comment.line] ?? ''
    const whole = wholeLineComment(original, language)
    if (whole) {
      const { indent, marker } = whole
      const replaced = spanish.split('\n').map((text) => `${indent}${marker.open} ${text}${marker.close}`)
      lines.splice(comment.line, comment.lines, ...replaced)
    } else {
      // A comment after code stays on its line.
      const trailing = trailingComment(original, language)
      if (trailing)
        lines[comment.line] = `${trailing.code}${trailing.marker} ${spanish.replaceAll('\n', ' ')}`
    }
  }
  return { code: lines.join('\n'), missing: missing.reverse() }
}

/** The catalogue file of the samples of one folder. */
export function catalogueFile(sampleFile: string): string {
  return join(dirname(sampleFile), 'comments.es.yaml')
}

/** Reads a folder's catalogue (empty when the folder has none). A text given twice is a mistake. */
export function readCommentCatalogue(file: string): Map<string, string> {
  const catalogue = new Map<string, string>()
  if (!existsSync(file)) return catalogue
  const entries = (parse(readFileSync(file, 'utf8')) ?? []) as Array<{ en?: unknown; es?: unknown }>
  for (const entry of entries) {
    if (typeof entry.en !== 'string' || typeof entry.es !== 'string') {
      throw new Error(`${file}: every entry has an \`en\` and an \`es\` text (${JSON.stringify(entry)})`)
    }
    const en = entry.en.replace(/\n$/, '')
    if (catalogue.has(en)) throw new Error(`${file}: the comment "${en}" is translated twice`)
    catalogue.set(en, entry.es.replace(/\n$/, ''))
  }
  return catalogue
}

/** The sample's code as a Spanish page shows it; a comment without Spanish stops the build. */
export function spanishSample(sampleFile: string, code: string): string {
  const { code: translated, missing } = translateSampleComments(
    code,
    sampleLanguage(sampleFile),
    readCommentCatalogue(catalogueFile(sampleFile)),
  )
  if (missing.length > 0) {
    throw new Error(
      `${basename(sampleFile)}: add the Spanish of these comments to ${catalogueFile(sampleFile)}:\n${missing.join('\n---\n')}`,
    )
  }
  return translated
}
