// `npm start`: the sandbox first, the docs after. It builds checkout-js and the hosted page when they are missing
// or older than their sources (seconds), starts the API (which serves both) and the demo store, and prints the
// banner with the time each took to answer. The docs site, minutes to build on a fresh clone, builds in the
// background meanwhile, one short line per step; its URL is printed once it answers. A second start with
// nothing changed builds nothing. Ctrl-C stops everything. Each part can also be started alone:
// `npm run start:api`, `npm run start:demo`, `npm run start:docs`.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { isStale } from './stale.mjs'

const env = process.env
const apiPort = env.PLAZO_API_PORT ?? '4000'
const docsPort = env.PLAZO_DOCS_PORT ?? '3000'
const demoPort = env.PLAZO_DEMO_PORT ?? '4100'
const publicUrl = env.PLAZO_PUBLIC_URL ?? `http://localhost:${apiPort}`
const docsPassword = env.PLAZO_DOCS_PASSWORD ?? 'plazo-docs'
const started = performance.now()
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`

const children = []
let stopping = false

function stop(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 2000).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

/** A long-running part (API, demo store, docs server): when it stops on its own, everything stops. */
function run(script, label) {
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'inherit', 'inherit'], env })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? code}); stopping everything`)
      stop(code ?? 1)
    }
  })
  return child
}

/** `npm run build` of a workspace, its output to the terminal, or line by line to `onLine` (and a log file). */
function build(workspace, onLine, logPath) {
  return new Promise((resolve) => {
    const piped = onLine !== undefined
    const child = spawn('npm', ['run', 'build', `--workspace=${workspace}`], {
      stdio: ['ignore', piped ? 'pipe' : 'inherit', piped ? 'pipe' : 'inherit'],
      env,
    })
    children.push(child)
    if (piped) {
      const log = logPath ? createWriteStream(logPath) : undefined
      let rest = ''
      const read = (chunk) => {
        log?.write(chunk)
        const lines = (rest + chunk).split(/\r?\n|\r/)
        rest = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      }
      // Decoded as streams: a character whose bytes arrive in two chunks stays one character.
      child.stdout.setEncoding('utf8')
      child.stderr.setEncoding('utf8')
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.on('close', () => log?.end())
    }
    child.on('close', (code) => resolve(code === 0))
  })
}

/** Whether `url` answers within `limitSeconds` (a HEAD request: nothing to download, one quiet log line). */
async function waitFor(url, limitSeconds) {
  for (let i = 0; i < limitSeconds * 10; i++) {
    try {
      await fetch(url, { method: 'HEAD' })
      return true
    } catch {
      await sleep(100)
    }
  }
  return false
}

const contract = ['packages/contract/src', 'packages/contract/openapi']
const parts = {
  checkoutJs: {
    workspace: 'packages/checkout-js',
    output: 'packages/checkout-js/dist/checkout.js',
    sources: ['packages/checkout-js/src', ...contract],
  },
  hpp: {
    workspace: 'apps/hpp',
    output: 'apps/hpp/dist/index.html',
    sources: ['apps/hpp/src', 'apps/hpp/index.html', ...contract],
  },
  dashboard: {
    workspace: 'apps/dashboard',
    output: 'apps/dashboard/dist/index.html',
    sources: [
      'apps/dashboard/src',
      'apps/dashboard/index.html',
      'apps/dashboard/scripts',
      'scripts/app-build',
      ...contract,
    ],
  },
  docs: {
    workspace: 'apps/docs',
    output: 'apps/docs/build/index.html',
    sources: [
      'apps/docs/docs',
      'apps/docs/i18n',
      'apps/docs/src',
      'apps/docs/samples',
      'apps/docs/scripts',
      'packages/docs-content/src',
      'apps/docs/docusaurus.config.ts',
      'apps/docs/sidebars.ts',
      'packages/checkout-js/docs-md',
      ...contract,
    ],
  },
}
const present = (part) => existsSync(`${part.workspace}/package.json`)
const hasDemo = existsSync('examples/demo-store/package.json')

// 1. The demo store starts at once; the hosted page and the dashboard build if stale (the API serves them only if
//    they are built when it starts), and checkout-js beside it and the API (the API reads checkout.js at each request).
const demo = hasDemo ? run('start:demo', 'Demo store') : undefined
const buildIfStale = async (part) => {
  if (!present(part) || !isStale(part)) return true
  console.log(`Building ${part.workspace}…`)
  return build(part.workspace)
}
const checkoutJsBuilt = buildIfStale(parts.checkoutJs)
const failed = (what) => {
  console.error(`The build of ${what} failed (see above).`)
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exit(1)
}
if (!(await buildIfStale(parts.hpp))) failed(parts.hpp.workspace)
if (!(await buildIfStale(parts.dashboard))) failed(parts.dashboard.workspace)

// 2. The API; the banner once it and the demo store answer, and checkout.js is built. /mcp serves the docs the MCP
//    server carries (packages/mcp/data): written again first if a guide changed since (well under a second).
spawnSync(process.execPath, ['--import', 'tsx', 'packages/mcp/scripts/build-data.ts', '--if-stale'], {
  stdio: ['ignore', 'ignore', 'inherit'],
})
run('start:api', 'API')
// checkout.js: a file the API serves to anyone, so the first line of its log is a 200, not a 404 or a 401.
const apiUp = await waitFor(`http://127.0.0.1:${apiPort}/checkout.js`, 60)
const apiTime = seconds()
const demoUp = demo ? await waitFor(`http://127.0.0.1:${demoPort}/`, 30) : false
const demoTime = seconds()
if (!(await checkoutJsBuilt)) failed(parts.checkoutJs.workspace)

// 3. The docs: served at once when their build is current, else built in the background first.
const docs = parts.docs
const hasDocs = present(docs)
const docsStale = hasDocs && isStale(docs)
const docsLine = !hasDocs
  ? '(not in this checkout)'
  : docsStale
    ? '(building in the background: its URL follows when it answers)'
    : ''

console.log(`
  Plazo sandbox is running
  ─────────────────────────────────────────────────────────────
  API (sandbox)     ${publicUrl}/api/v2   ${apiUp ? `answered after ${apiTime}` : '(not answering yet)'}
  Hosted page       ${publicUrl}/hpp/<hpp_id>
  Dashboard         ${publicUrl}/dashboard   (sign up for an account of your own, or sign in as below)
  checkout-js       ${publicUrl}/checkout.js
  Demo store        http://localhost:${demoPort}   ${hasDemo ? (demoUp ? `answered after ${demoTime}` : '(not answering yet)') : '(not in this checkout)'}
  Docs              http://localhost:${docsPort}   ${docsLine}
  Docs password     ${docsPassword}
  Sandbox login     demo@plazo.test / plazo-sandbox   (Demo Store)
                    other@plazo.test / plazo-sandbox  (Other Shop)
  Database          ${env.PLAZO_DATABASE_URL ?? 'sqlite:./data/plazo.sqlite'}
  OpenAPI           packages/contract/openapi/*.json
  ─────────────────────────────────────────────────────────────
  Try it:
    curl -s -X POST ${publicUrl}/api/v2/auth/login/ \\
      -H 'content-type: application/json' \\
      -d '{"username":"demo@plazo.test","password":"plazo-sandbox"}'
  Ctrl-C stops everything.
`)

/** The steps of a docs build worth a line: Docusaurus's locales, then the outputs written after it. */
const DOCS_STEPS = [
  [/Prepared the OpenAPI downloads/, 'content prepared'],
  [/\[(\w+)\] Creating an optimized production build/, (m) => `building the ${m[1]} site`],
  [/Wrote \d+ Markdown twins/, 'Markdown twins and llms.txt written'],
  [/Wrote \d+ Postman collections/, 'Postman collections written'],
  [/Pre-compressed/, 'files compressed'],
]

async function serveDocs() {
  run('start:docs', 'Docs')
  const up = await waitFor(`http://127.0.0.1:${docsPort}/`, 60)
  console.log(
    up
      ? `  Docs ready: http://localhost:${docsPort} (password ${docsPassword}), after ${seconds()}`
      : `  Docs: the server did not answer on port ${docsPort}`,
  )
}

if (hasDocs && !docsStale) await serveDocs()
else if (docsStale) {
  mkdirSync('apps/docs/.cache', { recursive: true })
  const logPath = 'apps/docs/.cache/start-build.log'
  console.log(`  Docs: building in the background (a few minutes on a fresh clone; output in ${logPath})`)
  const ok = await build(
    docs.workspace,
    (line) => {
      for (const [pattern, label] of DOCS_STEPS) {
        const match = pattern.exec(line)
        if (match) console.log(`  Docs: ${typeof label === 'function' ? label(match) : label} (${seconds()})`)
      }
    },
    logPath,
  )
  if (stopping) {
    // Ctrl-C during the build.
  } else if (ok) await serveDocs()
  else console.error(`  Docs: the build failed, see ${logPath}; the sandbox keeps running.`)
}
