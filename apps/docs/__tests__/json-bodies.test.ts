// Every JSON body shown in a guide, English and Spanish, is checked against the contract schema its fence
// names (```json schema=HppCreateResponseSchema), with the validator the API itself uses; a block that is not an
// API body says so (schema=none reason="…"). Sample includes and generated diagrams must point at something real.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import * as contract from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import { STATE_TABLES } from '../plugins/remark-samples.ts'
import {
  codeBlocks,
  englishPages,
  includedSample,
  metaValue,
  type Page,
  sampleFiles,
  siteDir,
  spanishPages,
} from './pages.ts'

const pages = [...englishPages(), ...spanishPages()]
const schemas = contract as unknown as Record<string, unknown>

function problems(page: Page): string[] {
  const found: string[] = []
  for (const block of codeBlocks(page.text)) {
    const where = `line ${block.line}`
    if (block.lang === 'json' || block.lang === 'jsonc' || block.lang === 'json5') {
      const schemaName = metaValue(block.meta, 'schema')
      if (schemaName === undefined) {
        found.push(`${where}: a json block needs schema=<SchemaName> or schema=none reason="…"`)
        continue
      }
      if (schemaName === 'none') {
        if (!metaValue(block.meta, 'reason')?.trim()) found.push(`${where}: schema=none needs reason="…"`)
        continue
      }
      const schema = schemas[schemaName]
      if (!schemaName.endsWith('Schema') || typeof schema !== 'object' || schema === null) {
        found.push(`${where}: ${schemaName} is not a schema exported by @plazo/contract`)
        continue
      }
      let value: unknown
      try {
        value = JSON.parse(block.body)
      } catch (error) {
        found.push(`${where}: not valid JSON (${(error as Error).message})`)
        continue
      }
      const result = contract.validate(schema as contract.TSchema, value)
      if (!result.ok) {
        for (const error of result.errors)
          found.push(`${where}: ${schemaName} ${error.field} ${error.message}`)
      }
    }
    const sample = includedSample(block)
    if (sample !== undefined) {
      if (!sample.startsWith('samples/')) found.push(`${where}: include samples as file=<rootDir>/samples/…`)
      else if (!existsSync(join(siteDir, sample))) found.push(`${where}: ${sample} does not exist`)
      if (block.body.trim() !== '') found.push(`${where}: leave the block of file=${sample} empty`)
    }
    const states = metaValue(block.meta, 'states')
    if (block.lang === 'mermaid' && states !== undefined && !(states in STATE_TABLES)) {
      found.push(`${where}: no state table "${states}" (${Object.keys(STATE_TABLES).join(', ')})`)
    }
  }
  return found
}

describe('JSON bodies, sample includes and diagrams on the pages', () => {
  it.each(pages.map((page) => [`${page.locale}/${page.id}`, page] as const))('%s', (_name, page) => {
    expect(problems(page)).toEqual([])
  })

  it('every sample is shown on a page', () => {
    const included = new Set(
      pages.flatMap((page) => codeBlocks(page.text).flatMap((block) => includedSample(block) ?? [])),
    )
    expect(sampleFiles().filter((file) => !included.has(file))).toEqual([])
  })
})
