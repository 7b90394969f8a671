/**
 * Code samples and state diagrams that cannot drift (apps/docs/samples/README.md).
 *
 * - ```` ```bash file=<rootDir>/samples/hpp/create-session.sh ```` is filled with the file's text by
 *   remark-code-import; the `# expect: …` / `// expect: …` header lines that tell the samples test what the
 *   sample prints are then removed, as they mean nothing to a reader.
 * - On a Spanish page (i18n/es/), the sample's comments are replaced by their Spanish from the catalogue of its
 *   folder (plugins/sample-comments.ts): one file of code, its comments in the reader's language.
 * - ```` ```mermaid states=session ```` (or `payment-intent`, `hpp`), written with an empty body, is filled with
 *   the Mermaid state diagram of that transition table of @plazo/contract, the table the API enforces.
 *
 * They run before Docusaurus's own remark plugins: its Mermaid plugin turns `mermaid` code blocks into diagram
 * nodes, so a diagram must be complete by then.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs'
import type { Plugin } from '@docusaurus/types'
import {
  HPP_TRANSITIONS,
  PAYMENT_INTENT_TRANSITIONS,
  SESSION_TRANSITIONS,
  stateDiagram,
} from '@plazo/contract'
import codeImport from 'remark-code-import'
import { SAMPLE_HEADER, spanishSample } from './sample-comments.ts'

interface MdNode {
  type: string
  value?: string
  lang?: string | null
  meta?: string | null
  children?: MdNode[]
}

/** The site folder: `file=<rootDir>/samples/…` reads from here, and nothing outside it can be included. */
export const siteDir = fileURLToPath(new URL('..', import.meta.url))
export const samplesDir = join(siteDir, 'samples')

/** The transition tables a page can draw, by the name used in ```` ```mermaid states=<name> ````. */
export const STATE_TABLES = {
  session: () => stateDiagram(SESSION_TRANSITIONS, 'initial'),
  'payment-intent': () => stateDiagram(PAYMENT_INTENT_TRANSITIONS, 'initial'),
  hpp: () => stateDiagram(HPP_TRANSITIONS, 'initial'),
} as const

function metaValue(meta: string | null | undefined, key: string): string | undefined {
  return new RegExp(`(?:^|\\s)${key}=(\\S+)`).exec(meta ?? '')?.[1]
}

function visitCode(node: MdNode, fn: (code: MdNode) => void): void {
  if (node.type === 'code') fn(node)
  for (const child of node.children ?? []) visitCode(child, fn)
}

function removeSampleHeaders() {
  return (tree: MdNode) =>
    visitCode(tree, (node) => {
      if (metaValue(node.meta, 'file') === undefined || node.value === undefined) return
      const lines = node.value.split('\n')
      while (lines.length > 0 && SAMPLE_HEADER.test(lines[0] ?? '')) lines.shift()
      node.value = lines.join('\n')
    })
}

/** The sample file a block includes (`file=<rootDir>/samples/…`), as an absolute path. */
function includedFile(node: MdNode): string | undefined {
  return metaValue(node.meta, 'file')?.replace(/^<rootDir>\//, siteDir)
}

function spanishSampleComments() {
  return (tree: MdNode, file: { path?: string }) => {
    if (!/[\\/]i18n[\\/]es[\\/]/.test(file.path ?? '')) return
    visitCode(tree, (node) => {
      const sample = includedFile(node)
      if (sample === undefined || node.value === undefined) return
      node.value = spanishSample(sample, node.value)
    })
  }
}

function contractStateDiagrams() {
  return (tree: MdNode) =>
    visitCode(tree, (node) => {
      const name = metaValue(node.meta, 'states')
      if (node.lang !== 'mermaid' || name === undefined) return
      if (!(name in STATE_TABLES)) {
        throw new Error(`Unknown state diagram "${name}": use one of ${Object.keys(STATE_TABLES).join(', ')}`)
      }
      if ((node.value ?? '').trim() !== '') {
        throw new Error(`The state diagram "${name}" is generated: leave the mermaid block empty`)
      }
      node.value = STATE_TABLES[name as keyof typeof STATE_TABLES]()
    })
}

/** For `beforeDefaultRemarkPlugins` of the docs plugin, in this order. */
export function sampleRemarkPlugins(): NonNullable<DocsOptions['beforeDefaultRemarkPlugins']> {
  return [
    [codeImport, { rootDir: siteDir }],
    removeSampleHeaders,
    spanishSampleComments,
    contractStateDiagrams,
  ]
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path) : [path]
  })
}

/**
 * The bundler's persistent cache keys a compiled page on the page's own text, so a changed sample would
 * leave the page showing the old code. Every sample file is made a build dependency: changing one evicts
 * the cache.
 */
export function samplesCachePlugin(): Plugin {
  return {
    name: 'plazo-samples-cache',
    configureWebpack: (config) => {
      const cache = (config.experiments as { cache?: unknown } | undefined)?.cache
      if (typeof cache === 'object' && cache !== null) {
        return { experiments: { cache: { buildDependencies: listFiles(samplesDir) } } } as never
      }
      if (typeof config.cache === 'object' && config.cache !== null && config.cache.type === 'filesystem') {
        return { cache: { buildDependencies: { samples: listFiles(samplesDir) } } } as never
      }
      return {}
    },
  }
}
