import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { folderText } from '../../scripts/docs.ts'
import { blocksOf, formatMemory, parseMemory, translateReference } from '../../scripts/translate-docs.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const PAGE = `# Function: init()

\`\`\`ts
function init(options): object
\`\`\`

Configures checkout-js for your agent.

- \`agentId\`: your agent id.
- \`locale\`: \`es\`, \`fr\` or \`en\`.

## Parameters

### options

\`string\`

## Show financing next to a price
`

describe('blocksOf', () => {
  it('splits at blank lines, keeps code fences whole, and gives every committed page back when joined', async () => {
    expect(blocksOf('a\nb\n\n```ts\nx\n\ny\n```\n\nc\n')).toEqual(['a\nb', '```ts\nx\n\ny\n```', 'c'])
    for (const [path, markdown] of Object.entries(await folderText(resolve(root, 'docs-md')))) {
      if (path.endsWith('.md')) expect(`${blocksOf(markdown).join('\n\n')}\n`, path).toBe(markdown)
    }
  })
})

describe('translateReference', () => {
  const memory = new Map([
    ['Configures checkout-js for your agent.', 'Configura checkout-js para tu agente.'],
    [
      '- `agentId`: your agent id.\n- `locale`: `es`, `fr` or `en`.',
      '- `agentId`: el id de tu agente.\n- `locale`: `es`, `fr` o `en`.',
    ],
    ['## Show financing next to a price', '## Muestra la financiación junto a un precio'],
  ])

  it('translates prose from the memory, TypeDoc headings from its table (keeping their English ids), and leaves names and code alone', () => {
    const { pages, missing, unused } = translateReference({ 'functions/init.md': PAGE }, memory)
    expect(missing).toEqual([])
    expect(unused).toEqual([])
    expect(pages['functions/init.md']).toBe(`# Función: init() {#function-init}

\`\`\`ts
function init(options): object
\`\`\`

Configura checkout-js para tu agente.

- \`agentId\`: el id de tu agente.
- \`locale\`: \`es\`, \`fr\` o \`en\`.

## Parámetros {#parameters}

### options

\`string\`

## Muestra la financiación junto a un precio {#show-financing-next-to-a-price}
`)
  })

  it('names English prose the memory lacks, and entries no page uses', () => {
    const stale = new Map(memory)
    stale.delete('Configures checkout-js for your agent.')
    stale.set('Configured checkout-js.', 'Configuró checkout-js.')
    const { missing, unused } = translateReference({ 'functions/init.md': PAGE }, stale)
    expect(missing).toEqual(['Configures checkout-js for your agent.'])
    expect(unused).toEqual(['Configured checkout-js.'])
  })

  it('leaves headings that are names alone, even names of Object.prototype', () => {
    const page = '### constructor\n\n### toString()\n\n## constructor: x\n'
    expect(translateReference({ 'a.md': page }, new Map()).pages['a.md']).toBe(page)
  })

  it('looks up prose of one word, and leaves types written with TypeScript words alone', () => {
    const page =
      'Default `bnpl_instalments`.\n\n`K` _extends_ keyof [`FilterBy`](../type-aliases/FilterBy.md)\n'
    const { pages, missing } = translateReference({ 'a.md': page }, new Map())
    expect(missing).toEqual(['Default `bnpl_instalments`.'])
    expect(pages['a.md']).toBe(page)
  })

  it('needs the Spanish of code with comments, and passes other code through', () => {
    const commented = '```ts\nx() // later\n```'
    const plain = '```ts\nx()\n```'
    const { missing } = translateReference({ 'a.md': `${commented}\n\n${plain}\n` }, new Map())
    expect(missing).toEqual([commented])
  })

  it('uses a translation of a code block when the memory has one (its comments)', () => {
    const code = '```ts\nx() // later\n```'
    const { pages } = translateReference(
      { 'a.md': `${code}\n` },
      new Map([[code, '```ts\nx() // después\n```']]),
    )
    expect(pages['a.md']).toBe('```ts\nx() // después\n```\n')
  })
})

describe('the memory file', () => {
  it('reads back what formatMemory writes, and refuses an entry without Spanish or given twice', () => {
    const entries: Array<[string, string]> = [
      ['One.\nTwo.', 'Uno.\nDos.'],
      ['```ts\nx\n\ny\n```', '```ts\nx\n\ny\n```'],
    ]
    expect([...parseMemory(formatMemory('<!-- about -->', entries))]).toEqual(entries)
    expect(() => parseMemory('\n<!-- en -->\nOne.\n')).toThrow(/no <!-- es --> line/)
    expect(() => parseMemory('\n<!-- en -->\nOne.\n<!-- es -->\n\n')).toThrow(/empty/)
    expect(() =>
      parseMemory(formatMemory('', [entries[0] as [string, string], ['One.\nTwo.', 'Otra.']])),
    ).toThrow(/twice/)
  })

  it('has Spanish for every prose block: no entry is left in English', async () => {
    const memory = parseMemory(await readFile(resolve(root, 'docs-i18n/es.md'), 'utf8'))
    const untranslated = [...memory].filter(
      ([english, spanish]) => !english.startsWith('```') && english === spanish,
    )
    expect(untranslated).toEqual([])
  })
})
