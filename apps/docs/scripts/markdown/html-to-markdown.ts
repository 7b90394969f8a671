/**
 * Turns a built docs page (the HTML Docusaurus prerendered) into clean Markdown: what the visitor reads, with the
 * included samples and every tab, and none of the MDX (no import/export, no JSX). Converting the rendered page
 * rather than the .mdx source is what makes it complete: samples pulled in by remark plugins, generated tables
 * and translated text are all there. Turndown (with the GFM plugin for tables) does the conversion; the rules
 * below cover Docusaurus's own markup.
 */
import { gfm } from '@joplin/turndown-plugin-gfm'
import { twinLink } from '@plazo/docs-content/twin-link'
import TurndownService from 'turndown'

type Node = TurndownService.Node

/** What a docs page's HTML says about itself. */
export interface RenderedDoc {
  /** The doc id of the docs plugin (`order-management/refunds`), from the `docs-doc-id-*` class. */
  id: string
  title: string
  description: string
  markdown: string
}

const element = (node: Node): HTMLElement => node as unknown as HTMLElement

function hasClass(node: Node, name: string): boolean {
  return node.nodeType === 1 && element(node).classList?.contains(name) === true
}

/** The language of a code block, from the `language-*` class Prism puts on the block and its container. */
function languageOf(block: HTMLElement): string {
  const match = /(?:^|\s)language-([\w+-]+)/.exec(block.getAttribute('class') ?? '')
  return match?.[1] ?? ''
}

/** A fence longer than any run of backticks in the code, so a sample that contains ``` stays one block. */
function fenced(code: string, language: string, title?: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length))
  const fence = '`'.repeat(longest + 1)
  const info = title ? `${language} title="${title}"` : language
  return `\n\n${fence}${info}\n${code.replace(/\n$/, '')}\n${fence}\n\n`
}

/** Prism renders each line as a `.token-line` div: the code is their text, one per line. */
function codeText(pre: HTMLElement): string {
  const lines = [...pre.querySelectorAll('.token-line')]
  return lines.length > 0 ? lines.map((line) => line.textContent ?? '').join('\n') : (pre.textContent ?? '')
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
  })
  service.use(gfm)
  service.remove((node) => ['BUTTON', 'SVG', 'svg', 'SCRIPT', 'STYLE'].includes(node.nodeName))

  service.addRule('codeBlock', {
    filter: (node) => hasClass(node, 'theme-code-block'),
    replacement: (_content, node) => {
      const block = element(node)
      const pre = block.querySelector('pre')
      if (!pre) return ''
      const title = block.querySelector('[class*="codeBlockTitle"]')?.textContent?.trim()
      return fenced(codeText(pre), languageOf(block) || languageOf(pre), title || undefined)
    },
  })

  // A diagram is drawn in the browser; the page carries its source (src/theme/Mermaid).
  service.addRule('mermaid', {
    filter: (node) => node.nodeName === 'PRE' && element(node).hasAttribute('data-mermaid-source'),
    replacement: (_content, node) => fenced(element(node).textContent ?? '', 'mermaid'),
  })

  // Tabs: every panel, each under its tab's label (panels after the first are only hidden in the page).
  service.addRule('tabs', {
    filter: (node) => hasClass(node, 'tabs-container'),
    replacement: (_content, node) => {
      const container = element(node)
      const labels = [...container.querySelectorAll('[role="tab"]')].map(
        (tab) => tab.textContent?.trim() ?? '',
      )
      const panels = [...container.querySelectorAll('[role="tabpanel"]')]
      return panels
        .map(
          (panel, index) =>
            `\n\n**${labels[index] ?? ''}**\n\n${service.turndown(panel.innerHTML).trim()}\n\n`,
        )
        .join('')
    },
  })

  service.addRule('siteLinks', {
    filter: (node) => node.nodeName === 'A' && element(node).getAttribute('href') !== null,
    replacement: (content, node) => {
      const href = twinLink(element(node).getAttribute('href') ?? '')
      const text = content.trim()
      return text ? `[${text}](${href})` : ''
    },
  })
  // The "#" permalink after each heading. Rules added last are tried first, and a removal would lose to them.
  service.addRule('hashLink', { filter: (node) => hasClass(node, 'hash-link'), replacement: () => '' })
  return service
}

const service = createService()

/** The page's own content: the `.theme-doc-markdown` block of its article (no breadcrumbs, sidebar or TOC). */
export function renderDoc(html: string, parse: (html: string) => Document): RenderedDoc | undefined {
  const document = parse(html)
  const id = /(?:^|\s)docs-doc-id-(\S+)/.exec(document.querySelector('.docs-doc-page')?.className ?? '')?.[1]
  const content = document.querySelector('article .theme-doc-markdown')
  if (!id || !content) return undefined
  const heading = content.querySelector('h1')
  const title = heading?.textContent?.trim() || document.title
  heading?.closest('header')?.remove()
  heading?.remove()
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
  const body = service
    .turndown(content.innerHTML)
    // A numbered heading ("## 1. Log in") needs no escape: it cannot start a list.
    .replace(/^(#{1,6} \d+)\\\./gm, '$1.')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { id, title, description, markdown: `# ${title}\n\n${body}\n` }
}
