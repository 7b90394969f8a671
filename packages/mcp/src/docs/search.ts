/**
 * search_docs ranks pages the way the site's search box does. The site uses @easyops-cn/docusaurus-search-local:
 * per locale, three lunr indexes (page titles, headings, section texts) built with lunr-languages' English +
 * Spanish pipeline (`language: ['en', 'es']` in docusaurus.config.ts); a query is cut at spaces and hyphens,
 * every word REQUIRED, tried first with all words, then without stop words, then with one word left out
 * (when there are three or more), each against titles, then headings, then texts, until the limit is reached;
 * hits are grouped under their page in the order pages first appeared (its worker.js, smartQueries.js and
 * sortSearchResults.js). Here the index is built at first use from the pages this package carries (data.ts,
 * about 60 per locale), so it works with no docs server, in any project.
 */
import { createRequire } from 'node:module'
import lunr from 'lunr'
import { type DocPage, type Locale, readPages, readSearchIndex } from './data.ts'

const require = createRequire(import.meta.url)
require('lunr-languages/lunr.stemmer.support')(lunr)
require('lunr-languages/lunr.es')(lunr)
require('lunr-languages/lunr.multi')(lunr)
// Made once: each call registers its trimmer again (and lunr warns).
const englishAndSpanish = (
  lunr as unknown as { multiLanguage: (...l: string[]) => lunr.Builder.Plugin }
).multiLanguage('en', 'es')
const spanishStopWords = (lunr as unknown as { es: { stopWordFilter: lunr.PipelineFunction } }).es
  .stopWordFilter

enum DocType {
  Title = 0,
  Heading = 1,
  Content = 2,
}

interface IndexedDoc {
  i: number
  t: string
  page: DocPage
  anchor: string
}

interface WrappedIndex {
  type: DocType
  documents: Map<string, IndexedDoc>
  index: lunr.Index
}

export interface SearchHit {
  /** The page's Markdown path, to pass to read_doc (`/docs/order-management/refunds.md`). */
  path: string
  /** The page on the site, with the anchor of the best-matching section. */
  url: string
  title: string
  /** The matching heading and a stretch of its text. */
  snippet: string
}

const SNIPPET_LENGTH = 240

/** The documents of the three indexes (titles, headings, texts), numbered in page order. */
function indexedDocuments(pages: readonly DocPage[]): IndexedDoc[][] {
  const lists: IndexedDoc[][] = [[], [], []]
  let next = 0
  for (const page of pages) {
    lists[DocType.Title]?.push({ i: next++, t: page.title, page, anchor: '' })
    for (const section of page.sections) {
      if (section.heading)
        lists[DocType.Heading]?.push({ i: next++, t: section.heading, page, anchor: section.anchor })
      if (section.text)
        lists[DocType.Content]?.push({ i: next++, t: section.text, page, anchor: section.anchor })
    }
  }
  return lists
}

/**
 * The three lunr indexes of these pages, as lunr serialises them: scripts/build-data.ts writes them into data/
 * so a server loads them instead of indexing (the same pipeline is registered above, which loading needs).
 */
export function serializedIndexes(pages: readonly DocPage[]): object[] {
  return indexedDocuments(pages).map((documents) =>
    lunr(function () {
      this.use(englishAndSpanish)
      this.ref('i')
      this.field('t')
      this.metadataWhitelist = ['position']
      for (const doc of documents) this.add({ i: String(doc.i), t: doc.t })
    }).toJSON(),
  )
}

function buildIndexes(pages: readonly DocPage[], serialized?: readonly object[]): WrappedIndex[] {
  const built = serialized ?? serializedIndexes(pages)
  return indexedDocuments(pages).map((documents, type) => ({
    type,
    documents: new Map(documents.map((doc) => [String(doc.i), doc])),
    index: lunr.Index.load(built[type] as object),
  }))
}

/** The site's tokenize(): lower case, split at whitespace and hyphens. Punctuation lunr's trimmer removes. */
function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[^-\s]+/g) ?? [])
    .map((token) => token.replace(/^\W+|\W+$/gu, ''))
    .filter(Boolean)
}

function isStopWord(word: string): boolean {
  const token = new lunr.Token(word, {})
  const english = lunr.stopWordFilter as unknown as lunr.PipelineFunction
  return !english(token, 0, []) || !spanishStopWords(token, 0, [])
}

/** smartQueries() without the Chinese and the typing cases: all words, without stop words, one word left out. */
function queries(tokens: string[]): string[][] {
  const all = [tokens.slice(0, 12)]
  const refined = all[0]?.filter((token) => !isStopWord(token)) ?? []
  const terms = refined.length > 0 && refined.length < tokens.length ? [...all, refined] : all
  const base = refined.length > 0 ? refined : (all[0] ?? [])
  const dropOne = base.length > 2 ? base.map((_token, i) => base.slice(0, i).concat(base.slice(i + 1))) : []
  return [...terms, ...dropOne]
}

function snippetOf(doc: RankedDoc, tokens: string[]): string {
  const text =
    doc.type === DocType.Heading
      ? (doc.page.sections.find((s) => s.anchor === doc.anchor)?.text ?? '')
      : doc.t
  const lower = text.toLowerCase()
  const at = Math.max(0, Math.min(...tokens.map((t) => lower.indexOf(t)).filter((i) => i >= 0), text.length))
  const start = at > 80 ? text.lastIndexOf(' ', at - 60) + 1 : 0
  const body = text.slice(start, start + SNIPPET_LENGTH).trim()
  const cut = `${start > 0 ? '…' : ''}${body}${start + SNIPPET_LENGTH < text.length ? '…' : ''}`
  return [doc.heading, cut].filter(Boolean).join(': ')
}

interface RankedDoc extends IndexedDoc {
  type: DocType
  heading: string
}

export class DocsSearch {
  private readonly indexes = new Map<Locale, { pages: DocPage[]; wrapped: WrappedIndex[] }>()

  /**
   * `source` gives the pages of a locale; by default the ones this package carries, with the search indexes
   * built from them when the package was built (`index`).
   */
  constructor(
    private readonly source: (locale: Locale) => DocPage[] = readPages,
    private readonly index: ((locale: Locale) => object[] | undefined) | undefined = source === readPages
      ? readSearchIndex
      : undefined,
  ) {}

  /** The pages of a locale, loaded and indexed on first use. */
  pages(locale: Locale): DocPage[] {
    return this.load(locale).pages
  }

  private load(locale: Locale): { pages: DocPage[]; wrapped: WrappedIndex[] } {
    let loaded = this.indexes.get(locale)
    if (!loaded) {
      const pages = this.source(locale)
      loaded = { pages, wrapped: buildIndexes(pages, this.index?.(locale)) }
      this.indexes.set(locale, loaded)
    }
    return loaded
  }

  /** Pages for a query, best first (at most `limit`). */
  search(query: string, locale: Locale, limit = 5): SearchHit[] {
    const tokens = tokenize(query)
    if (tokens.length === 0) return []
    const { wrapped } = this.load(locale)
    // The site stops at its result limit (10 sections); pages are what an agent wants, so collect more.
    const sectionLimit = Math.max(30, limit * 6)
    const results: RankedDoc[] = []
    const seen = new Set<string>()
    search: for (const words of queries(tokens)) {
      for (const { type, documents, index } of wrapped) {
        const matches = index.query((q) => {
          for (const word of words) q.term(word, { presence: lunr.Query.presence.REQUIRED })
        })
        for (const match of matches) {
          const doc = documents.get(match.ref)
          if (!doc || seen.has(match.ref)) continue
          seen.add(match.ref)
          const heading =
            type === DocType.Title
              ? ''
              : (doc.page.sections.find((s) => s.anchor === doc.anchor)?.heading ?? '')
          results.push({ ...doc, type, heading })
          if (results.length >= sectionLimit) break search
        }
      }
    }
    // sortSearchResults: every hit goes under its page; pages keep the order of their first hit.
    const byPage = new Map<DocPage, RankedDoc[]>()
    for (const doc of results) byPage.set(doc.page, [...(byPage.get(doc.page) ?? []), doc])
    if (byPage.size < limit) {
      const words = tokens.filter((token) => !isStopWord(token))
      for (const doc of this.anyWords(wrapped, words.length > 0 ? words : tokens))
        if (!byPage.has(doc.page)) byPage.set(doc.page, [doc])
    }
    return [...byPage.entries()].slice(0, limit).map(([page, docs]) => {
      const best = docs.find((doc) => doc.type !== DocType.Title) ?? docs[0]
      return {
        path: page.markdownUrl,
        url: best?.anchor ? `${page.url}#${best.anchor}` : page.url,
        title: page.title,
        snippet: best && best.type !== DocType.Title ? snippetOf(best, tokens) : page.description,
      }
    })
  }

  /**
   * Beyond the site: agents ask whole questions, where every word REQUIRED finds nothing ("send the payment
   * link by SMS or email"). Pages the site's queries did not fill are taken from one query with the words
   * optional (lunr's BM25), each page by its best section, a title weighing three times and a heading twice.
   */
  private anyWords(wrapped: WrappedIndex[], words: string[]): RankedDoc[] {
    const best = new Map<DocPage, { doc: RankedDoc; score: number }>()
    for (const { type, documents, index } of wrapped) {
      const weight = type === DocType.Title ? 3 : type === DocType.Heading ? 2 : 1
      const matches = index.query((q) => {
        for (const word of words) q.term(word, { presence: lunr.Query.presence.OPTIONAL })
      })
      for (const match of matches) {
        const doc = documents.get(match.ref)
        if (!doc) continue
        const score = match.score * weight
        const heading = doc.page.sections.find((s) => s.anchor === doc.anchor)?.heading ?? ''
        const current = best.get(doc.page)
        if (!current || current.score < score)
          best.set(doc.page, { doc: { ...doc, type, heading: type === DocType.Title ? '' : heading }, score })
      }
    }
    return [...best.values()].sort((a, b) => b.score - a.score).map((entry) => entry.doc)
  }

  /** A page by any spelling of its path: `/docs/x`, `/docs/x.md`, `docs/x`, `x`, `/es/docs/x`, a full URL. */
  find(path: string, locale?: Locale): DocPage | undefined {
    let clean = path.trim()
    try {
      clean = new URL(clean).pathname
    } catch {
      // Not a URL: a path.
    }
    clean = clean
      .replace(/[#?].*$/, '')
      .replace(/\.md$/, '')
      .replace(/\/+$/, '')
    const spanish = /^\/?es\//.test(clean)
    const rest = clean.replace(/^\/?(es\/)?/, '').replace(/^docs\/?/, '')
    const target = locale ?? (spanish ? 'es' : 'en')
    const url = `${target === 'es' ? '/es' : ''}/docs${rest ? `/${rest}` : ''}`
    return this.pages(target).find((page) => page.url === url || page.id === rest)
  }
}
