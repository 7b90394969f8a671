// The PHP, Ruby, Java, Go and C# samples of every operation, as published in the OpenAPI documents, go
// through their language's own checker: php -l and ruby -c parse them; javac, go vet and Mono's C# compiler
// compile them against the standard library, so a wrong name or type fails like a syntax error does; gofmt
// finds them formatted. (run.test.ts runs the curl, Node.js and Python samples against the sandbox.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentedOperations } from './documents.ts'
import { installed, needTool, pool, run } from './processes.ts'

const operations = documentedOperations()
// Compilers start slowly on a busy machine, and go vet builds net/http once when its cache is cold.
const COMPILE_TIMEOUT_MS = 120_000

function sourcesOf(label: string): Array<{ id: string; source: string }> {
  return operations.map((op) => {
    const sample = op.samples.find((candidate) => candidate.label === label)
    if (!sample) throw new Error(`${op.id} has no ${label} sample`)
    return { id: op.id, source: sample.source }
  })
}

/** The failures of a run, with what the tool said. */
const failure = (name: string, result: { code: number | null; stdout: string; stderr: string }) =>
  result.code === 0 ? [] : [`${name} (exit ${result.code}):\n${result.stderr}${result.stdout}`]

describe('code samples of the OpenAPI documents, checked by their compilers', () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plazo-code-samples-'))
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /** Writes each sample to `<dir>/<language>/<path(id)>` and returns the paths. */
  function write(language: string, label: string, path: (id: string, source: string) => string): string[] {
    return sourcesOf(label).map(({ id, source }) => {
      const file = join(dir, language, path(id, source))
      mkdirSync(join(file, '..'), { recursive: true })
      writeFileSync(file, source)
      return file
    })
  }

  it('PHP parses (php -l)', { timeout: COMPILE_TIMEOUT_MS }, async (context) => {
    needTool(context, installed('php', ['--version']), 'php (php-cli)')
    const files = write('php', 'PHP', (id) => `${id}.php`)
    const results = await pool(files, 4, async (file) => failure(file, await run('php', ['-l', file])))
    expect(results.flat()).toEqual([])
  })

  it('Ruby parses (ruby -c)', { timeout: COMPILE_TIMEOUT_MS }, async (context) => {
    needTool(context, installed('ruby', ['--version']), 'ruby')
    const files = write('ruby', 'Ruby', (id) => `${id}.rb`)
    const results = await pool(files, 4, async (file) => failure(file, await run('ruby', ['-c', file])))
    expect(results.flat()).toEqual([])
  })

  it('Java compiles (javac)', { timeout: COMPILE_TIMEOUT_MS }, async (context) => {
    needTool(context, installed('javac', ['-version']), 'javac (a JDK)')
    // Each sample is a public class named after its operation, so one javac compiles them all.
    const files = write(
      'java',
      'Java',
      (id, source) => `${/public class (\w+)/.exec(source)?.[1] ?? id}.java`,
    )
    const result = await run('javac', ['-d', join(dir, 'java-classes'), ...files], {
      timeoutMs: COMPILE_TIMEOUT_MS,
    })
    expect(failure('javac', result)).toEqual([])
  })

  it('Go compiles and is gofmt-formatted (go vet, gofmt -l)', {
    timeout: COMPILE_TIMEOUT_MS,
  }, async (context) => {
    needTool(context, installed('go', ['version']), 'go (golang-go)')
    // One module, one main package per sample: a single go vet type-checks them all.
    write('go', 'Go', (id) => `${id}/main.go`)
    writeFileSync(join(dir, 'go', 'go.mod'), 'module plazo.example/samples\n\ngo 1.19\n')
    const env = { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' }
    const cwd = join(dir, 'go')
    const [vet, format] = await Promise.all([
      run('go', ['vet', './...'], { cwd, env, timeoutMs: COMPILE_TIMEOUT_MS }),
      run('gofmt', ['-l', '.'], { cwd }),
    ])
    expect(failure('go vet', vet)).toEqual([])
    expect(format.stdout, 'files gofmt would change').toBe('')
  })

  it('C# compiles (Mono mcs)', { timeout: COMPILE_TIMEOUT_MS }, async (context) => {
    needTool(context, installed('mcs', ['--version']), 'mcs (mono-mcs)')
    const files = write('csharp', 'C#', (id) => `${id}.cs`)
    // A library: mcs predates async Main, which the samples' entry point is (C# 7.1, any .NET SDK today).
    const out = join(dir, 'samples.dll')
    const result = await run('mcs', ['-target:library', '-r:System.Net.Http', `-out:${out}`, ...files], {
      timeoutMs: COMPILE_TIMEOUT_MS,
    })
    expect(failure('mcs', result)).toEqual([])
  })
})
