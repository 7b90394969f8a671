// The generator of the code samples, on a request the contract's examples do not have: a body full of
// characters that each language quotes differently (', ", $, #{, {, `) and values read from the
// environment inside the URL, a header and the JSON body. The curl, Node.js and Python programs run against
// an echo server, which must receive exactly the example with the environment's values in it.
// (packages/api/test/code-samples runs every published sample against the sandbox.)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Type from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runProcess } from '../../../test-support/run-process.ts'
import { LANGUAGES, operationSamples } from '../src/code-samples/index.ts'
import type { OperationSpec } from '../src/openapi/operations/responses.ts'

// biome-ignore lint/suspicious/noTemplateCurlyInString: each language's interpolation syntax must stay text.
const NOTE = 'it\'s "quoted" $HOME #{x} ${y} {z} `w` ñ'

const op: OperationSpec = {
  id: 'echoNote',
  method: 'post',
  path: '/echo/{checkout_session_id}',
  tag: 'Test',
  summary: 'Echo',
  description: 'Echo',
  auth: true,
  request: {
    schema: Type.Object({}),
    examples: { default: { summary: 'Tricky', value: { username: 'example', note: NOTE, lines: [1, 2] } } },
  },
  responses: { '200': { description: 'Echo' } },
}

const ENV = {
  PLAZO_ACCESS_TOKEN: 'tok$en',
  PLAZO_CHECKOUT_SESSION_ID: 'abc-123',
  PLAZO_USERNAME: "o'brien$x",
}

interface Received {
  method: string
  url: string
  authorization: string
  body: unknown
}

describe('code samples generated with httpsnippet', () => {
  const { samples, variables } = operationSamples(op)

  it('has the eight languages, each a program reading the variables from the environment', () => {
    expect(samples.map((sample) => sample.label)).toEqual(LANGUAGES.map((language) => language.label))
    expect(variables.map((variable) => variable.name)).toEqual([
      'PLAZO_API_URL',
      'PLAZO_CHECKOUT_SESSION_ID',
      'PLAZO_ACCESS_TOKEN',
      'PLAZO_USERNAME',
    ])
    const reads: Record<string, string> = {
      curl: '$PLAZO_ACCESS_TOKEN',
      'Node.js': 'process.env.PLAZO_ACCESS_TOKEN',
      Python: 'os.environ["PLAZO_ACCESS_TOKEN"]',
      PHP: "getenv('PLAZO_ACCESS_TOKEN')",
      Java: 'System.getenv("PLAZO_ACCESS_TOKEN")',
      Go: 'os.Getenv("PLAZO_ACCESS_TOKEN")',
      'C#': 'Environment.GetEnvironmentVariable("PLAZO_ACCESS_TOKEN")',
      Ruby: 'ENV.fetch("PLAZO_ACCESS_TOKEN")',
    }
    for (const sample of samples) {
      expect(sample.source, sample.label).toContain(reads[sample.label])
      expect(sample.source, sample.label).toContain('http://localhost:4000/api/v2')
      expect(sample.source, sample.label).not.toMatch(/__PLAZO_|__plazo_api_url__/)
    }
  })

  it('refuses an example string with a backslash or a control character, which httpsnippet would not escape', () => {
    for (const note of ['back\\slash', 'two\nlines']) {
      const broken = {
        ...op,
        request: { ...op.request, examples: { default: { summary: 'Broken', value: { note } } } },
      }
      expect(() => operationSamples(broken as OperationSpec)).toThrow(/backslash or a control character/)
    }
  })

  let server: Server
  let received: Received[]
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plazo-code-samples-'))
    server = createServer(async (request, response) => {
      let text = ''
      request.setEncoding('utf8')
      for await (const chunk of request) text += chunk
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        body: JSON.parse(text),
      })
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' }).end('{"ok":true}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const runners: Array<[string, string, string[]]> = [
    ['curl', 'bash', ['curl', '--version']],
    ['Node.js', process.execPath, [process.execPath, '--version']],
    ['Python', 'python3', ['python3', '-c', 'import requests']],
  ]

  it.for(runners)(
    '%s sends the example with the values of the environment',
    async ([label, command, probe], context) => {
      const [probeCommand = '', ...probeArgs] = probe
      if (spawnSync(probeCommand, probeArgs, { stdio: 'ignore' }).status !== 0) {
        if (process.env.CI)
          throw new Error(`${probeCommand} is not installed: CI must run the ${label} samples`)
        context.skip(`${probeCommand} is not installed`)
      }
      const sample = samples.find((candidate) => candidate.label === label)
      const language = LANGUAGES.find((candidate) => candidate.label === label)
      if (!sample || !language) throw new Error(`no ${label} sample`)
      const file = join(dir, `echo.${language.extension}`)
      writeFileSync(file, sample.source)
      received = []
      const { port } = server.address() as AddressInfo
      const { code, stdout, stderr } = await runProcess(command, [file], {
        env: { ...ENV, PLAZO_API_URL: `http://127.0.0.1:${port}/api/v2` },
      })
      expect(code, `${stderr}\n${sample.source}`).toBe(0)
      expect(received).toEqual([
        {
          method: 'POST',
          url: '/api/v2/echo/abc-123',
          authorization: 'Bearer tok$en',
          body: { username: "o'brien$x", note: NOTE, lines: [1, 2] },
        },
      ])
      expect(stdout.trim()).toBe('{"ok":true}')
    },
  )
})
