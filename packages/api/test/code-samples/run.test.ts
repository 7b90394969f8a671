// Runs the curl, Node.js and Python sample of every operation of the four OpenAPI documents against the
// sandbox, as a reader would: the sample as published, saved to a file and run by its interpreter with
// PLAZO_API_URL, PLAZO_ACCESS_TOKEN and what the operation needs (an order to capture, a hosted page, …) in
// the environment. A sample passes when it made the one call its operation documents, got the documented
// 2XX status, and printed the answer's body, which validates against the documented schema.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HppKit } from '../client/hpp-kit.ts'
import { type TestApp, testApp } from '../helpers/app.ts'
import { testEngines } from '../helpers/engines.ts'
import { documentedOperations } from './documents.ts'
import { installed, needTool, run } from './processes.ts'
import { type SandboxProxy, sandboxProxy } from './sandbox-proxy.ts'
import { SETUPS } from './setups.ts'

interface Interpreter {
  label: string
  extension: string
  command: string
  /** The check that the interpreter (and its HTTP library) is there. */
  probe: [string, string[]]
}

/** The interpreter itself, not a version manager's shim in front of it (pyenv's costs a second a run). */
function pythonExecutable(): string {
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : 'python3'
}

const python = pythonExecutable()

const INTERPRETERS: Interpreter[] = [
  { label: 'curl', extension: 'sh', command: 'bash', probe: ['curl', ['--version']] },
  { label: 'Node.js', extension: 'mjs', command: process.execPath, probe: [process.execPath, ['--version']] },
  { label: 'Python', extension: 'py', command: python, probe: [python, ['-c', 'import requests']] },
]

const SAMPLES_PARENT = fileURLToPath(new URL('../../../../node_modules/.cache/', import.meta.url))

// A run is a process start and one call, but the CI machine may be shared: leave room.
const SAMPLE_TIMEOUT_MS = 60_000

const operations = documentedOperations()
const cases = operations.flatMap((op) =>
  INTERPRETERS.map((interpreter) => [op.id, interpreter.label, op, interpreter] as const),
)

/** The path the operation documents, with any ids: /api/v2/checkout/{checkout_session_id} → /api/v2/checkout/[^/]+ */
const pathPattern = (path: string) => new RegExp(`^/api/v2${path.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`)

// One engine is enough here: the samples prove the documents, the route tests prove both engines.
const [engine] = testEngines()

describe('code samples of the OpenAPI documents, run against the sandbox', () => {
  let t: TestApp
  let kit: HppKit
  let proxy: SandboxProxy
  let dir: string

  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    t = await testApp(engine, {}, { timerIntervalMs: 0 })
    kit = new HppKit(t)
    proxy = await sandboxProxy(t.app)
    // Inside the repo's node_modules, so that a sample's `import … from '@plazo/node'` finds the workspace
    // package as it finds an installed one.
    mkdirSync(SAMPLES_PARENT, { recursive: true })
    dir = mkdtempSync(join(SAMPLES_PARENT, 'plazo-code-samples-'))
  })

  afterAll(async () => {
    await proxy?.close()
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('checks the answers against schemas that refuse a wrong body', () => {
    for (const op of operations) expect(op.check({ not: 'the right shape' }), op.id).not.toEqual([])
  })

  it('has every operation set up, with samples', () => {
    expect(operations.length).toBeGreaterThan(30)
    expect(operations.filter((op) => !SETUPS[op.id]).map((op) => op.id)).toEqual([])
    for (const op of operations) {
      expect(op.samples.map((sample) => sample.label)).toEqual(
        expect.arrayContaining(INTERPRETERS.map((interpreter) => interpreter.label)),
      )
    }
  })

  // Concurrent tests assert with their context's expect.
  it.concurrent.for(cases)(
    '%s in %s',
    { timeout: SAMPLE_TIMEOUT_MS },
    async ([, , op, interpreter], context) => {
      const { expect } = context
      needTool(context, installed(interpreter.probe[0], interpreter.probe[1]), interpreter.probe[0])
      const sample = op.samples.find((candidate) => candidate.label === interpreter.label)
      const prepare = SETUPS[op.id]
      if (!sample || !prepare) throw new Error(`${op.id} has no ${interpreter.label} sample or no setup`)

      const setup = await prepare(kit)
      const headers = setup.merchant === 'other' ? t.other : t.demo
      const { apiUrl, answers } = proxy.run()
      const file = join(dir, `${op.id}-${interpreter.extension}.${interpreter.extension}`)
      writeFileSync(file, sample.source)
      const result = await run(interpreter.command, [file], {
        cwd: dir,
        timeoutMs: SAMPLE_TIMEOUT_MS - 5_000,
        env: {
          PLAZO_API_URL: apiUrl,
          PLAZO_ACCESS_TOKEN: (headers.authorization ?? '').replace(/^Bearer /, ''),
          ...setup.env,
        },
      })
      const output = `exit ${result.code}; stderr:\n${result.stderr}\nstdout:\n${result.stdout}`
      expect(result.code, output).toBe(0)

      expect(
        answers.map((answer) => `${answer.method} ${answer.url}`),
        output,
      ).toHaveLength(1)
      const [answer] = answers
      if (!answer) throw new Error('no call')
      expect(answer.method).toBe(op.method.toUpperCase())
      expect(answer.url).toMatch(pathPattern(op.path))
      expect(answer.status, answer.body).toBe(op.status)
      expect(answer.contentType).toContain(op.mediaType)

      // It printed the answer's body (console.log and print end it with a newline; the SDK's Node.js samples
      // print the parsed answer again as indented JSON).
      const body = op.mediaType === 'application/json' ? JSON.parse(answer.body) : answer.body
      if (op.mediaType === 'application/json') expect(JSON.parse(result.stdout)).toEqual(body)
      else expect(result.stdout.trimEnd()).toBe(answer.body.trimEnd())
      expect(op.check(body), `${op.status} body against the documented schema`).toEqual([])
    },
  )
})
