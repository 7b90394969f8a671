// Reads the guides' MDX sources the way the docs tests need them: the English pages and their Spanish twins,
// their headings and their fenced code blocks (with the info string's meta, e.g. `schema=…`, `file=…`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { toString as plainText } from 'mdast-util-to-string'

export const siteDir = fileURLToPath(new URL('..', import.meta.url))
export const enDocsDir = join(siteDir, 'docs')
export const esDocsDir = join(siteDir, 'i18n/es/docusaurus-plugin-content-docs/current')
export const samplesDir = join(siteDir, 'samples')

/** The generated reference (TypeDoc output of packages/checkout-js, and its Spanish version): not a written guide. */
const NOT_GUIDES = ['checkout-js']

export interface Page {
  /** Doc path without extension, e.g. `hpp/integration`. */
  id: string
  locale: 'en' | 'es'
  file: string
  text: string
}

export interface CodeBlock {
  lang: string
  meta: string
  body: string
  /** 1-based line of the opening fence. */
  line: number
}

export interface Heading {
  level: number
  text: string
  line: number
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : /\.mdx?$/.test(name) ? [path] : []
    })
}

function pagesIn(dir: string, locale: Page['locale'], withReference = false): Page[] {
  return walk(dir)
    .map((file) => ({
      id: relative(dir, file)
        .replace(/\.mdx?$/, '')
        .replaceAll('\\', '/'),
      locale,
      file,
      text: readFileSync(file, 'utf8'),
    }))
    .filter((page) => withReference || !NOT_GUIDES.some((prefix) => page.id.startsWith(`${prefix}/`)))
}

/** The English guides; `withReference` adds the generated checkout-js reference. */
export function englishPages(withReference = false): Page[] {
  return pagesIn(enDocsDir, 'en', withReference)
}

export function spanishPages(withReference = false): Page[] {
  return pagesIn(esDocsDir, 'es', withReference)
}

export function spanishTwin(page: Page): Page | undefined {
  return spanishPages(true).find((candidate) => candidate.id === page.id)
}

/** Lines of the page after its front matter, with their 1-based numbers. */
function bodyLines(text: string): Array<{ text: string; line: number }> {
  const lines = text.split('\n').map((value, index) => ({ text: value, line: index + 1 }))
  if (lines[0]?.text.trim() === '---') {
    const end = lines.findIndex((entry, index) => index > 0 && entry.text.trim() === '---')
    if (end > 0) return lines.slice(end + 1)
  }
  return lines
}

const OPENING_FENCE = /^(\s*)(`{3,}|~{3,})([^\s`]*)\s*(.*)$/

/** Fenced code blocks, including those nested in lists, tabs and admonitions. */
export function codeBlocks(text: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  const lines = bodyLines(text)
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING_FENCE.exec(lines[i]?.text ?? '')
    if (!opening) continue
    const [, indent = '', fence = '```', lang = '', meta = ''] = opening
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length; j++) {
      const current = lines[j]?.text ?? ''
      const trimmed = current.trim()
      if (
        trimmed.startsWith(fence[0] ?? '`') &&
        /^(`{3,}|~{3,})$/.test(trimmed) &&
        trimmed.length >= fence.length
      )
        break
      body.push(current.startsWith(indent) ? current.slice(indent.length) : current.trimStart())
    }
    blocks.push({ lang, meta: meta.trim(), body: body.join('\n'), line: lines[i]?.line ?? 0 })
    i = j
  }
  return blocks
}

/** Markdown headings (`#` to `######`) outside code blocks. */
export function headings(text: string): Heading[] {
  const found: Heading[] = []
  let fence: string | undefined
  for (const { text: line, line: number } of bodyLines(text)) {
    const trimmed = line.trim()
    const marker = /^(`{3,}|~{3,})/.exec(trimmed)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && trimmed === marker)
        fence = undefined
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (heading) found.push({ level: heading[1]?.length ?? 0, text: heading[2] ?? '', line: number })
  }
  return found
}

/**
 * The id Docusaurus gives each heading, as its remark plugin does: the explicit `{#id}` when there is one,
 * otherwise the slug of the heading's text (numbered `-1`, `-2`… when it repeats on the page).
 */
export function headingIds(text: string): string[] {
  const slugger = createSlugger()
  return headings(text).map((heading) => {
    const { text: title, id } = parseMarkdownHeadingId(heading.text)
    return id ?? slugger.slug(plainText(fromMarkdown(`# ${title}`)))
  })
}

/** The value of `key=value` or `key="value with spaces"` in a code block's meta. */
export function metaValue(meta: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${key}=(?:"([^"]*)"|'([^']*)'|(\\S+))`).exec(meta)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}

/** Every sample file (`.sh`, `.ts`, `.browser.ts`) under samples/, as paths relative to the site. */
export function sampleFiles(): string[] {
  const walkSamples = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) return walkSamples(path)
        return /\.(sh|ts|mjs)$/.test(name) ? [relative(siteDir, path).replaceAll('\\', '/')] : []
      })
  return existsSync(samplesDir) ? walkSamples(samplesDir) : []
}

/** `file=<rootDir>/samples/x/y.sh` → `samples/x/y.sh`. */
export function includedSample(block: CodeBlock): string | undefined {
  const file = metaValue(block.meta, 'file')
  return file?.replace(/^<rootDir>\//, '')
}
