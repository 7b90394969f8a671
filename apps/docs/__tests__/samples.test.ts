// Runs every code sample of the guides against the real API, as a reader would run it (apps/docs/samples/README.md):
// bash samples with bash, JavaScript samples with node, TypeScript samples with tsx, each as its own process pointed at an API started here
// on a temporary database. A sample passes when it exits 0, its last API call answered the status it expects
// and what it printed validates against the contract schema its header names.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as contract from '@plazo/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCheckoutJsIfStale } from '../../../packages/checkout-js/scripts/build-locked.ts'
import { type ProcessRun, runProcess } from '../../../test-support/run-process.ts'
import { type SandboxApi, startSandboxApi } from '../../../test-support/sandbox-api.ts'
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

/** Runs a sample as a reader would: bash for `.sh`, node for `.mjs`, tsx for TypeScript, from the site's folder. */
function runSample(file: string, env: Record<string, string>): Promise<ProcessRun> {
  const path = join(siteDir, file)
  const [command, args]: [string, string[]] = file.endsWith('.sh')
    ? ['bash', [path]]
    : file.endsWith('.ts')
      ? [process.execPath, ['--import', 'tsx', path]]
      : [process.execPath, [path]]
  return runProcess(command, args, { cwd: siteDir, env, timeoutMs: SAMPLE_TIMEOUT_MS - 5_000 })
}

const samples = sampleFiles()
const runnable = samples.filter((file) => !file.endsWith('.browser.ts'))

describe('code samples', () => {
  let sandbox: SandboxApi
  let apiUrl: string
  /** Status codes the API answered, in order; reset before each sample. */
  let statuses: Array<{ method: string; url: string; status: number }> = []

  beforeAll(async () => {
    sandbox = await startSandboxApi({
      name: 'samples',
      webhookWorker: true,
      beforeListen(app) {
        app.addHook('onResponse', async (request, reply) => {
          statuses.push({ method: request.method, url: request.url, status: reply.statusCode })
        })
      },
    })
    apiUrl = `${sandbox.url}/api/v2`
  })

  afterAll(async () => {
    await sandbox?.close()
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
