// Runs every code sample of the guides against the real API, as a reader would run it (apps/docs/samples/README.md):
// bash samples with bash, TypeScript samples with tsx, each as its own process pointed at an API started here
// on a temporary database. A sample passes when it exits 0, its last API call answered the status it expects
// and what it printed validates against the contract schema its header names.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as contract from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '../../../packages/api/src/app.ts'
import { loadConfig } from '../../../packages/api/src/config.ts'
import { seedSandbox } from '../../../packages/api/src/domain/sandbox/seed.ts'
import { type Database, openDatabase } from '../../../packages/api/src/storage/index.ts'
import { buildCheckoutJsIfStale } from '../../../packages/checkout-js/scripts/build-locked.ts'
import { sampleFiles, siteDir } from './pages.ts'

const repoDir = join(siteDir, '../..')
const SAMPLE_TIMEOUT_MS = 60_000

interface Header {
  schema: string | undefined
  status: number | undefined
}

/** The `expect` / `expect-status` comment lines at the top of a sample. */
function sampleHeader(text: string): Header {
  const header: Header = { schema: undefined, status: undefined }
  for (const line of text.split('\n')) {
    const match = /^(?:#|\/\/) (expect|expect-status): (.+)$/.exec(line.trim())
    if (!match) break
    if (match[1] === 'expect') header.schema = match[2]?.trim()
    else header.status = Number(match[2])
  }
  return header
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function runSample(file: string, env: Record<string, string>): Promise<Run> {
  const path = join(siteDir, file)
  const [command, args] = file.endsWith('.sh')
    ? ['bash', [path]]
    : [process.execPath, ['--import', 'tsx', path]]
  return new Promise((resolve, reject) => {
    const child = spawn(command, args as string[], {
      cwd: siteDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), SAMPLE_TIMEOUT_MS - 5_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

const samples = sampleFiles()
const runnable = samples.filter((file) => !file.endsWith('.browser.ts'))

describe('code samples', () => {
  let tempDir: string
  let db: Database
  let app: App
  let apiUrl: string
  /** Status codes the API answered, in order; reset before each sample. */
  let statuses: Array<{ method: string; url: string; status: number }> = []

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'plazo-samples-'))
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    db = await openDatabase(`sqlite:${join(tempDir, 'samples.sqlite')}`)
    await seedSandbox(db)
    app = await buildApp({ config: loadConfig({ PLAZO_PUBLIC_URL: publicUrl }), db, timerIntervalMs: 0 })
    app.addHook('onResponse', async (request, reply) => {
      statuses.push({ method: request.method, url: request.url, status: reply.statusCode })
    })
    await app.listen({ port, host: '127.0.0.1' })
    apiUrl = `${publicUrl}/api/v2`
  })

  afterAll(async () => {
    await app?.close()
    await db?.close()
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  it('has samples to run', () => {
    expect(runnable.length).toBeGreaterThan(0)
  })

  // One after another: the sandbox clock is per merchant, so a sample that advances it must not run
  // while another one waits for a timer.
  it.each(runnable)('%s', { timeout: SAMPLE_TIMEOUT_MS }, async (file) => {
    const header = sampleHeader(readFileSync(join(siteDir, file), 'utf8'))
    expect(header.schema, 'the first line names the schema: "# expect: <SchemaName>"').toBeDefined()
    const schema = (contract as unknown as Record<string, unknown>)[header.schema ?? '']
    expect(schema, `${header.schema} is not a schema exported by @plazo/contract`).toBeTypeOf('object')

    statuses = []
    const run = await runSample(file, { PLAZO_API_URL: apiUrl })
    expect(run.code, `exit code; stderr:\n${run.stderr}\nstdout:\n${run.stdout}`).toBe(0)

    const last = statuses.at(-1)
    expect(last, 'the sample called the API').toBeDefined()
    if (header.status === undefined) {
      expect(last?.status, `last call ${last?.method} ${last?.url}`).toBeGreaterThanOrEqual(200)
      expect(last?.status, `last call ${last?.method} ${last?.url}`).toBeLessThan(300)
    } else {
      expect(last?.status, `last call ${last?.method} ${last?.url}`).toBe(header.status)
    }

    let printed: unknown
    expect(() => {
      printed = JSON.parse(run.stdout)
    }, `stdout is one JSON document:\n${run.stdout}`).not.toThrow()
    const result = contract.validate(schema as contract.TSchema, printed)
    expect(result.ok ? [] : result.errors, `printed JSON against ${header.schema}`).toEqual([])
  })
})

describe('TypeScript samples', () => {
  it('type-check against @plazo/contract and the built checkout-js', { timeout: 240_000 }, () => {
    // Browser samples import the library as merchants do, from its built files and their .d.ts.
    buildCheckoutJsIfStale()
    const tsc = spawnSync(
      process.execPath,
      [join(repoDir, 'node_modules/typescript/bin/tsc'), '-p', 'samples'],
      {
        cwd: siteDir,
        encoding: 'utf8',
      },
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })
})
