// A stranger installs Plazo by name: the five public packages, packed as `npm run release:pack` packs them (built,
// publint and arethetypeswrong clean), are published to a local registry (Verdaccio on loopback, storage in a
// temporary folder; `@plazo/*` is served from there only, anything else is proxied to the npm registry this
// machine uses), then installed in an empty project in the system's temporary folder, outside this repository,
// with only `@plazo:registry` pointed at it. Everything below runs the installed files: the binaries through
// npx, the SDK by its name from ESM and CommonJS programs, the MCP server through the official client.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { verifyWebhook } from '@plazo/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const execFileAsync = promisify(execFile)
const repo = fileURLToPath(new URL('../..', import.meta.url))
const INSTALLED = ['@plazo/node', '@plazo/cli', '@plazo/mcp', '@plazo/sandbox'] as const
const USERNAME = 'demo@plazo.test'
const PASSWORD = 'plazo-sandbox'
const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

interface Packed {
  name: string
  version: string
  tarball: string
  size: number
  unpackedSize: number
}

/** Stops a child started with `detached: true` and what it started (npx runs the binary in a child of its own). */
function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitFor(url: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s`)
}

/** A folder's size on disk, in bytes (what `du` counts, without following links). */
function sizeOf(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}

/**
 * better-sqlite3 is compiled on install when prebuild-install cannot download its prebuilt binary (GitHub is out
 * of reach here): 90 s of the 2 cores. prebuild-install looks in npm's cache (`_prebuilds/`) before it downloads,
 * so the binary this repository compiled for this Node is put there as the download it stands for, as a
 * machine that reached GitHub once would have it. The install then runs what a merchant's does.
 */
function seedPrebuild(cache: string): void {
  const dir = dirname(createRequireResolve('better-sqlite3/package.json'))
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  const url = `https://github.com/WiseLibs/better-sqlite3/releases/download/v${version}/${name}`
  const target = join(
    cache,
    '_prebuilds',
    `${createHash('sha512').update(url).digest('hex').slice(0, 6)}-${name}`,
  )
  if (existsSync(target) || !existsSync(join(dir, 'build/Release/better_sqlite3.node'))) return
  try {
    // Only a binary built for this very Node (its ABI) stands for the download; otherwise npm compiles one.
    execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
      cwd: join(repo, 'packages/api'),
      stdio: 'ignore',
    })
  } catch {
    return
  }
  mkdirSync(dirname(target), { recursive: true })
  execFileSync('tar', ['-czf', target, '-C', dir, 'build/Release/better_sqlite3.node'])
}

function createRequireResolve(specifier: string): string {
  return execFileSync(
    process.execPath,
    ['-p', `require.resolve(${JSON.stringify(specifier)}, { paths: ['packages/api'] })`],
    { cwd: repo, encoding: 'utf8' },
  ).trim()
}

describe('the public packages, installed by name in a new project', { timeout: 240_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'plazo-install-'))
  const project = join(work, 'merchant-app')
  const children: ChildProcess[] = []
  let registry = ''
  let sandboxUrl = ''
  let env: Record<string, string> = {}
  let packed: Packed[] = []

  beforeAll(async () => {
    // 1. The packages, as `npm run release:pack` makes them (build, pack, publint, attw).
    // PLAZO_RELEASE_PACKED=1: .release/packages/ is already what `npm run release:pack` just made (a CI step).
    if (!process.env.PLAZO_RELEASE_PACKED)
      execFileSync(process.execPath, ['scripts/release/pack.mjs'], {
        cwd: repo,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    packed = JSON.parse(readFileSync(join(repo, '.release/packages/index.json'), 'utf8')) as Packed[]
    console.log(`release:pack (build, pack, publint, attw): ${elapsed()}`)

    // 2. The registry: @plazo/* only from its own storage (never asked of the public registry, where the
    //    names may belong to someone else); anything else proxied to the registry npm uses here.
    const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim()
    const port = await freePort()
    registry = `http://127.0.0.1:${port}/`
    writeFileSync(
      join(work, 'verdaccio.yaml'),
      [
        `storage: ${join(work, 'storage')}`,
        'auth:',
        `  htpasswd: { file: ${join(work, 'htpasswd')}, max_users: 10 }`,
        'uplinks:',
        `  npmjs: { url: ${upstream} }`,
        'packages:',
        "  '@plazo/*': { access: $all, publish: $authenticated }",
        "  '**': { access: $all, publish: $authenticated, proxy: npmjs }",
        'max_body_size: 50mb',
        'log: { type: stdout, format: pretty, level: error }',
        '',
      ].join('\n'),
    )
    const verdaccio = spawn(
      process.execPath,
      [
        join(repo, 'node_modules/verdaccio/bin/verdaccio'),
        '--config',
        join(work, 'verdaccio.yaml'),
        '--listen',
        `127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
    )
    children.push(verdaccio)
    await waitFor(`${registry}-/ping`, 30)
    const user = await fetch(`${registry}-/user/org.couchdb.user:plazo`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'plazo', password: 'plazo-release' }),
    })
    const { token } = (await user.json()) as { token: string }
    const publishRc = join(work, 'publish.npmrc')
    writeFileSync(publishRc, `//127.0.0.1:${port}/:_authToken=${token}\n`)
    for (const { tarball } of packed)
      execFileSync('npm', ['publish', tarball, '--registry', registry, '--userconfig', publishRc], {
        stdio: ['ignore', 'ignore', 'ignore'],
      })
    console.log(`Verdaccio up, ${packed.length} packages published: ${elapsed()}`)

    // 3. A merchant's empty project, outside this repository.
    mkdirSync(project)
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'merchant-app', private: true }, null, 2)}\n`,
    )
    writeFileSync(join(project, '.npmrc'), `@plazo:registry=${registry}\n`)
    const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim()
    seedPrebuild(cache)
    const install = performance.now()
    execFileSync('npm', ['install', ...INSTALLED, '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: project,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const installSeconds = (performance.now() - install) / 1000
    console.log(`npm install ${INSTALLED.join(' ')}: ${installSeconds.toFixed(1)} s`)
    for (const { name, size } of packed) {
      const installed = sizeOf(join(project, 'node_modules', name))
      console.log(
        `  ${name.padEnd(20)} tarball ${(size / 1024).toFixed(0).padStart(5)} kB, installed ${(installed / 1024).toFixed(0).padStart(6)} kB`,
      )
    }
    console.log(
      `  node_modules in all: ${(sizeOf(join(project, 'node_modules')) / 1024 / 1024).toFixed(1)} MB`,
    )

    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? work,
      XDG_CONFIG_HOME: join(work, 'config'),
      NO_COLOR: '1',
    }
  }, 600_000)

  afterAll(async () => {
    for (const child of children) stop(child)
    await new Promise((resolve) => setTimeout(resolve, 300))
    rmSync(work, { recursive: true, force: true })
    console.log(`install test: ${elapsed()} in all`)
  })

  it('installs without tsx, TypeScript, Docusaurus or any private workspace', () => {
    const tree = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: project, encoding: 'utf8' })
    const names = new Set(
      tree
        .split('\n')
        .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path)?.[1])
        .filter((name): name is string => name !== undefined),
    )
    for (const name of INSTALLED) expect(names, name).toContain(name)
    expect(names).toContain('@plazo/checkout-js')
    for (const name of [
      'tsx',
      'typescript',
      '@plazo/docs',
      '@plazo/docs-content',
      '@plazo/contract',
      '@plazo/api',
    ])
      expect(names, name).not.toContain(name)
    expect([...names].filter((name) => name.startsWith('@docusaurus/'))).toEqual([])
    const licenses = INSTALLED.map(
      (name) =>
        (
          JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
            license: string
          }
        ).license,
    )
    expect(licenses).toEqual(INSTALLED.map(() => 'MIT'))
  })

  it('npx plazo-sandbox starts on its own SQLite file within 5 s and answers a login', async () => {
    const port = await freePort()
    const child = spawn('npx', ['--no', '--', 'plazo-sandbox', '--port', String(port)], {
      cwd: project,
      env: { ...env, PLAZO_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    children.push(child)
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    const deadline = Date.now() + 30_000
    while (!/ready in [\d.]+ s/.test(output) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const coldStart = Number(/ready in ([\d.]+) s/.exec(output)?.[1])
    console.log(`plazo-sandbox cold start (process start to listening, as it prints it): ${coldStart} s`)
    expect(coldStart, output).toBeLessThanOrEqual(5)
    expect(output).toContain(`http://localhost:${port}/api/v2`)
    expect(output).toContain(`${USERNAME} / ${PASSWORD}`)
    expect(existsSync(join(project, '.plazo/sandbox.sqlite'))).toBe(true)
    sandboxUrl = `http://127.0.0.1:${port}`
    const login = await fetch(`${sandboxUrl}/api/v2/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    })
    expect(login.status).toBe(200)
    expect((await fetch(`${sandboxUrl}/checkout.js`)).status).toBe(200)
    // The dashboard, when the package carries it (release:pack packs it once apps/dashboard builds).
    if (existsSync(join(project, 'node_modules/@plazo/sandbox/dashboard/index.html')))
      expect((await fetch(`${sandboxUrl}/dashboard/sign-in`)).status).toBe(200)
    env.PLAZO_API_URL = `${sandboxUrl}/api/v2`
  })

  it('npx plazo-sandbox accounts create adds an account that signs in to the running sandbox', async () => {
    const { stdout } = await execFileAsync(
      'npx',
      [
        '--no',
        '--',
        'plazo-sandbox',
        'accounts',
        'create',
        '--name',
        'Tienda Uno',
        '--email',
        'uno@example.com',
      ],
      { cwd: project, env },
    )
    const password = /password\s+(\S+)/.exec(stdout)?.[1]
    expect(stdout).toContain('uno@example.com')
    const login = await fetch(`${env.PLAZO_API_URL}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'uno@example.com', password }),
    })
    expect(login.status).toBe(200)
  })

  it.runIf(process.env.PLAZO_TEST_POSTGRES_URL)(
    'npx plazo-sandbox --database-url postgres://… runs on PostgreSQL',
    async () => {
      const schema = `plazo_install_${process.pid}`
      const url = new URL(process.env.PLAZO_TEST_POSTGRES_URL ?? '')
      url.searchParams.set('schema', schema)
      const port = await freePort()
      // The installed binary itself (npx is proven above), so the signal that stops it reaches it directly.
      const child = spawn(
        join(project, 'node_modules/.bin/plazo-sandbox'),
        ['--port', String(port), '--database-url', url.href],
        { cwd: project, env: { ...env, PLAZO_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      children.push(child)
      let output = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk
      })
      const deadline = Date.now() + 30_000
      while (!/ready in/.test(output) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      try {
        expect(output).toMatch(new RegExp(`PostgreSQL|postgres://.*${schema}`))
        const login = await fetch(`http://127.0.0.1:${port}/api/v2/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
        })
        expect(login.status).toBe(200)
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
        execFileSync(
          'psql',
          [process.env.PLAZO_TEST_POSTGRES_URL ?? '', '-qc', `DROP SCHEMA IF EXISTS ${schema} CASCADE`],
          {
            stdio: 'ignore',
          },
        )
      }
    },
  )

  const CREATE_AND_READ = (load: string) => `
    ${load}
    const plazo = new Plazo({ username: '${USERNAME}', password: '${PASSWORD}', apiUrl: process.env.PLAZO_API_URL })
    const body = {
      merchant: { order_reference_1: 'ORDER-1' },
      cart: { total_price_with_tax: 7900, currency: 'EUR', items: [{ article: { type: 'product', category: 'physical',
        name: 'Shoes', reference: 'SKU-1', unit_price_with_tax: 7900 }, units: 1, total_discount: 0, total_price_with_tax: 7900 }] },
      ui: { mode: 'hpp' },
    }
    const created = await plazo.checkoutSessions.create(body)
    const read = await plazo.checkoutSessions.retrieve(created.checkout_session_id)
    console.log(JSON.stringify({ id: read.payload.id, status: read.payload.status, redirect: created.redirect_url }))
  `

  it('a program imports { Plazo } from @plazo/node and creates and reads a session; CommonJS requires it', async () => {
    expect(env.PLAZO_API_URL).toBeDefined()
    writeFileSync(join(project, 'esm.mjs'), CREATE_AND_READ("import { Plazo } from '@plazo/node'"))
    writeFileSync(
      join(project, 'cjs.cjs'),
      `(async () => { ${CREATE_AND_READ("const { Plazo } = require('@plazo/node')")} })().catch((e) => { console.error(e); process.exit(1) })`,
    )
    for (const program of ['esm.mjs', 'cjs.cjs']) {
      const { stdout } = await execFileAsync(process.execPath, [program], { cwd: project, env })
      const session = JSON.parse(stdout) as { id: string; status: string; redirect: string }
      expect(session.status, program).toBe('initial')
      expect(session.redirect, program).toMatch(/\/hpp\//)
      // The hosted page the package carries answers the link.
      const page = await fetch(session.redirect.replace(/^https?:\/\/[^/]+/, sandboxUrl))
      expect(page.status, program).toBe(200)
      expect(page.headers.get('content-type'), program).toContain('text/html')
    }
  })

  it('npx plazo trigger and npx plazo listen --forward-to work against it', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []
    const receiver = createServer((request, response) => {
      let body = ''
      request.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk
      })
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        response.end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`
    const cliEnv = { ...env, PLAZO_USERNAME: USERNAME, PLAZO_PASSWORD: PASSWORD }
    const listener = spawn('npx', ['--no', '--', 'plazo', '--json', 'listen', '--forward-to', target], {
      cwd: project,
      env: cliEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    children.push(listener)
    let lines = ''
    listener.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines += chunk
    })
    const deadline = Date.now() + 30_000
    while (!lines.includes('"ready":true') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const { secret } = JSON.parse(
      lines.split('\n').find((line) => line.includes('"ready":true')) ?? '{}',
    ) as {
      secret: string
    }
    expect(secret).toMatch(/^whsec_/)

    const trigger = await execFileAsync('npx', ['--no', '--', 'plazo', 'trigger', 'checkout.approved'], {
      cwd: project,
      env: cliEnv,
    })
    expect(trigger.stdout).toContain('checkout_session_id')
    while (received.length === 0 && Date.now() < deadline + 30_000)
      await new Promise((resolve) => setTimeout(resolve, 100))
    stop(listener, 'SIGINT')
    receiver.close()
    expect(received.length).toBeGreaterThan(0)
    const [first] = received
    const event = verifyWebhook(first?.body ?? '', first?.headers as Record<string, string>, secret) as {
      event: string
    }
    expect(event.event).toBeTypeOf('string')
  })

  it('npx plazo login asks in a terminal, hides the password and stores tokens only', async () => {
    const config = join(work, 'login-config')
    const child = spawn('script', ['-qfec', 'npx --no -- plazo login', '/dev/null'], {
      cwd: project,
      env: { ...env, XDG_CONFIG_HOME: config },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let shown = ''
    const answers: Array<[string, string]> = [
      ['Username: ', USERNAME],
      ['Password: ', PASSWORD],
    ]
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      shown += chunk
      const next = answers[0]
      if (next && shown.includes(next[0])) {
        answers.shift()
        child.stdin.write(`${next[1]}\r`)
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code, shown).toBe(0)
    expect(shown).toContain(`Logged in as ${USERNAME}`)
    expect(shown).not.toContain(PASSWORD)
    const stored = readFileSync(join(config, 'plazo', 'config.json'), 'utf8')
    expect(stored).toContain('access_token')
    expect(stored).not.toContain(PASSWORD)
  })

  it.each([
    ['npx plazo-mcp', ['plazo-mcp']],
    ['npx plazo mcp', ['plazo', 'mcp']],
  ])(
    'the MCP client starts %s over stdio, lists the tools and finds refunds in en and es',
    async (_name, command) => {
      const client = new Client({ name: 'install-test', version: '1.0.0' })
      await client.connect(
        new StdioClientTransport({
          command: 'npx',
          args: ['--no', '--', ...command],
          cwd: project,
          env: { ...env, PLAZO_USERNAME: USERNAME, PLAZO_PASSWORD: PASSWORD },
          stderr: 'pipe',
        }),
      )
      try {
        const { tools } = await client.listTools()
        expect(tools.map((tool) => tool.name)).toEqual(
          expect.arrayContaining(['search_docs', 'read_doc', 'create_checkout_session', 'refund_order']),
        )
        const text = async (query: string, locale: 'en' | 'es') => {
          const result = (await client.callTool({ name: 'search_docs', arguments: { query, locale } })) as {
            content: Array<{ text: string }>
          }
          return result.content.map((part) => part.text).join('\n')
        }
        expect(await text('refund', 'en')).toContain('/docs/order-management/refunds.md')
        expect(await text('reembolso', 'es')).toContain('/es/docs/order-management/refunds.md')
        const created = (await client.callTool({
          name: 'get_checkout_session',
          arguments: { checkout_session_id: '00000000-0000-4000-8000-000000000000' },
        })) as { isError?: boolean; content: Array<{ text: string }> }
        // Signed in to the sandbox: an unknown session is the API's 404 as a tool error, not a crash.
        expect(created.isError).toBe(true)
        expect(created.content[0]?.text).toContain('404')
      } finally {
        await client.close()
      }
    },
  )
})
