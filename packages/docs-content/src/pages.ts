/**
 * The docs pages as an agent reads and searches them (the MCP server's build packs them): the same pages as the
 * site (apps/docs/docs and its Spanish i18n tree), each as Markdown. When the site has been built, a page's Markdown is its twin (build/docs/x.md, written
 * by apps/docs/scripts/markdown from the rendered page); on a fresh clone, without a build, it is made from the
 * .mdx source here: front matter as the title, imports and JSX dropped, each tab as a bold label, the samples
 * that remark-code-import would include read from apps/docs/samples, links to guides pointing at their twins.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parse as parseYaml } from 'yaml'
import type { DocPage, DocSection, Locale } from './doc-page.ts'
// The site's own rule for links in twins, so a page made from source links like the built twin.
import { twinLink } from './twin-link.ts'

export { type DocPage, type DocSection, LOCALES, type Locale } from './doc-page.ts'

function sourceDir(siteDir: string, locale: Locale): string {
  return locale === 'en'
    ? join(siteDir, 'docs')
    : join(siteDir, 'i18n/es/docusaurus-plugin-content-docs/current')
}

function mdxFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return mdxFiles(path)
    return /\.mdx?$/.test(name) ? [path] : []
  })
}

/** Docusaurus's anchor of a heading without an explicit `{#id}`. */
function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_[\]()]/g, '')
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
}

interface FrontMatter {
  title?: string
  description?: string
  slug?: string
}

function splitFrontMatter(raw: string): { front: FrontMatter; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(raw)
  if (!match) return { front: {}, body: raw }
  return { front: (parseYaml(match[1] ?? '') ?? {}) as FrontMatter, body: raw.slice(match[0].length) }
}

/** The .mdx body as the Markdown a reader of the page sees (see the file comment). */
export function mdxToMarkdown(body: string, siteDir: string, locale: Locale = 'en'): string {
  // The Spanish pages link to /docs/…, which the site serves in the reader's language: /es/docs/….
  const prefix = locale === 'es' ? '/es' : ''
  const out: string[] = []
  let fence: string | undefined
  let included = false
  for (const line of body.split('\n')) {
    if (fence !== undefined) {
      if (line.startsWith(fence) && line.trim() === fence) {
        fence = undefined
        out.push(line)
      } else if (!included) out.push(line)
      continue
    }
    const opening = /^(`{3,})(\S*)(.*)$/.exec(line)
    if (opening) {
      fence = opening[1] ?? '```'
      const attrs = opening[3] ?? ''
      const title = /title="([^"]*)"/.exec(attrs)?.[1]
      out.push(`${fence}${opening[2] ?? ''}${title ? ` title="${title}"` : ''}`)
      const file = /file=<rootDir>\/(\S+)/.exec(attrs)?.[1]
      included = false
      if (file && existsSync(join(siteDir, file))) {
        out.push(readFileSync(join(siteDir, file), 'utf8').replace(/\n$/, ''))
        included = true
      }
      continue
    }
    if (/^(import|export) /.test(line)) continue
    const tab = /^\s*<TabItem\b[^>]*\blabel="([^"]*)"/.exec(line)
    if (tab) {
      out.push(`**${tab[1]}**`, '')
      continue
    }
    if (/^\s*<\/?(Tabs|TabItem)\b[^>]*>\s*$/.test(line) || /^\s*<[A-Z]\w*[^>]*\/>\s*$/.test(line)) continue
    out.push(
      line
        .replace(/^(#{1,6} .*?)\s*\{#[\w-]+\}\s*$/, '$1')
        .replace(/\]\((\/docs[^)\s]*)\)/g, (_all, href: string) => `](${twinLink(`${prefix}${href}`)})`),
    )
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Plain text of Markdown: code blocks, link targets, emphasis and table pipes removed. */
function plainText(markdown: string): string {
  return (
    markdown
      .replace(/(`{3,})[^\n]*\n[\s\S]*?\n\1/g, ' ')
      // A tab's label alone on its line (the twins write each tab so): not part of the text.
      .replace(/^\*\*[^*\n]+\*\*[ \t]*$/gm, ' ')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*|>#]/g, ' ')
      .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2')
      .replace(/^\s*-{3,}\s*$/gm, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/** The page cut at its `##`/`###` headings, with explicit `{#id}` anchors taken from the source when given. */
function sectionsOf(markdown: string, anchors: Map<string, string>): DocSection[] {
  const sections: DocSection[] = []
  let current = { heading: '', anchor: '', lines: [] as string[] }
  let inFence = false
  const flush = () => {
    const text = plainText(current.lines.join('\n'))
    if (current.heading || text) sections.push({ heading: current.heading, anchor: current.anchor, text })
  }
  for (const line of markdown.split('\n')) {
    if (/^`{3,}/.test(line)) inFence = !inFence
    const heading = inFence ? null : /^#{2,3} (.+)$/.exec(line)
    if (heading?.[1]) {
      flush()
      const text = heading[1].trim()
      current = { heading: text, anchor: anchors.get(text) ?? slugify(text), lines: [] }
    } else if (!/^# /.test(line)) current.lines.push(line)
  }
  flush()
  return sections
}

function explicitAnchors(body: string): Map<string, string> {
  const anchors = new Map<string, string>()
  for (const match of body.matchAll(/^#{2,6} (.*?)\s*\{#([\w-]+)\}\s*$/gm)) {
    if (match[1] && match[2]) anchors.set(match[1].trim(), match[2])
  }
  return anchors
}

/** The built twin's title line and body, when the site has been built. */
function builtTwin(siteDir: string, locale: Locale, route: string): string | undefined {
  const file = join(siteDir, 'build', locale === 'en' ? '' : 'es', `${route.replace(/^\//, '')}.md`)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

/** Every docs page of one locale of the site in `siteDir` (apps/docs), sorted by URL. */
export function loadPages(locale: Locale, siteDir: string): DocPage[] {
  const dir = sourceDir(siteDir, locale)
  const prefix = locale === 'en' ? '' : '/es'
  const pages = mdxFiles(dir).map((file): DocPage => {
    const id = relative(dir, file)
      .split(sep)
      .join('/')
      .replace(/\.mdx?$/, '')
    const { front, body } = splitFrontMatter(readFileSync(file, 'utf8'))
    const slug = front.slug?.replace(/^\/|\/$/g, '')
    const route = `/docs/${slug ?? id.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '')
    const title = String(front.title ?? id)
    const twin = builtTwin(siteDir, locale, route)
    const markdown = twin ?? `# ${title}\n\n${mdxToMarkdown(body, siteDir, locale)}\n`
    return {
      id,
      locale,
      url: `${prefix}${route}`,
      markdownUrl: `${prefix}${route}.md`,
      title,
      description: String(front.description ?? ''),
      markdown,
      fromBuild: twin !== undefined,
      sections: sectionsOf(markdown, explicitAnchors(body)),
    }
  })
  return pages.sort((a, b) => a.url.localeCompare(b.url))
}
