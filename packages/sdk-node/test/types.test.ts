// The types of the published package (dist/*.d.ts, imported by name): a correct checkout compiles, and each
// misuse in test/fixtures/types/misuse.ts is a compile error on its line.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'

const run = promisify(execFile)
const here = fileURLToPath(new URL('.', import.meta.url))
const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url))

/** Runs `tsc --noEmit` with the repo's strict options on the fixtures; answers its diagnostics. */
async function compile(fixtures: string[]): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(here, 'fixtures/types/.tsc-'))
  try {
    const config = {
      extends: '../../../../../../tsconfig.base.json',
      compilerOptions: { types: ['node'], noEmit: true },
      files: fixtures.map((fixture) => `../${fixture}`),
    }
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(config))
    const result = await run(process.execPath, [
      tsc,
      '-p',
      join(dir, 'tsconfig.json'),
      '--pretty',
      'false',
    ]).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
    )
    return result
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

// One compiler run for every fixture (tsc takes seconds to start).
let result: { code: number; output: string }
beforeAll(async () => {
  result = await compile(['correct.ts', 'contract.ts', 'misuse.ts'])
})

it('a correct checkout compiles against the published types', () => {
  expect(result.output.split('\n').filter((line) => line.includes('correct.ts'))).toEqual([])
})

it("the event stream's message type agrees with the contract's EventStreamMessageSchema", () => {
  expect(result.output.split('\n').filter((line) => line.includes('contract.ts'))).toEqual([])
})

it('each misuse is a compile error on its own line, for the reason marked', async () => {
  const source = await readFile(join(here, 'fixtures/types/misuse.ts'), 'utf8')
  const marked = new Map(
    source.split('\n').flatMap((line, index) => {
      const reason = line.split('// error: ')[1]
      return reason === undefined ? [] : [[index + 1, reason.trim()] as const]
    }),
  )
  expect(marked.size).toBe(6)
  const { code, output } = result
  expect(code).not.toBe(0)
  // Each diagnostic starts with `file(line,col): error` and runs on over the indented lines that follow it.
  const reported = new Map<number, string>()
  for (const block of output.split(/\n(?=\S)/)) {
    const line = Number(/misuse\.ts\((\d+),\d+\): error/.exec(block)?.[1])
    if (line) reported.set(line, `${reported.get(line) ?? ''}${block}`)
  }
  expect([...reported.keys()].sort((a, b) => a - b)).toEqual([...marked.keys()])
  for (const [line, reason] of marked) expect(reported.get(line), `line ${line}`).toContain(reason)
})
