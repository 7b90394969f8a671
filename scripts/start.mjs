// `npm start`: builds what is missing or older than its sources, then runs the API (with the hosted page) and the gated docs
// site side by side on the embedded database, and prints where they are and how to log in.
// Ctrl-C stops both. Each part can also be started alone: `npm run start:api`, `npm run start:docs`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const env = process.env
const apiPort = env.PLAZO_API_PORT ?? '4000'
const docsPort = env.PLAZO_DOCS_PORT ?? '3000'
const publicUrl = env.PLAZO_PUBLIC_URL ?? `http://localhost:${apiPort}`
const docsPassword = env.PLAZO_DOCS_PASSWORD ?? 'plazo-docs'

function run(script, label) {
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'inherit', 'inherit'], env })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? code}); stopping everything`)
      stop(code ?? 1)
    }
  })
  return child
}

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      await fetch(url)
      return true
    } catch {
      await sleep(250)
    }
  }
  return false
}

/** The newest modification time of the files below some folders (node_modules and build output skipped). */
function newestMtime(paths) {
  let newest = 0
  const walk = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (!['node_modules', 'dist', 'build', '.docusaurus'].includes(name)) walk(join(path, name))
      }
    } else newest = Math.max(newest, stat.mtimeMs)
  }
  for (const path of paths) walk(path)
  return newest
}

/** Builds a workspace when its output is missing or older than its sources (a fresh clone, or after a pull). */
function buildIfStale(workspace, output, sources, what) {
  if (!existsSync(`${workspace}/package.json`)) return
  if (existsSync(output) && statSync(output).mtimeMs >= newestMtime(sources)) return
  console.log(`Building ${what}…`)
  const build = spawnSync('npm', ['run', 'build', `--workspace=${workspace}`], { stdio: 'inherit', env })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const contract = ['packages/contract/src', 'packages/contract/openapi']
buildIfStale(
  'packages/checkout-js',
  'packages/checkout-js/dist/checkout.js',
  ['packages/checkout-js/src', ...contract],
  'checkout-js',
)
buildIfStale(
  'apps/hpp',
  'apps/hpp/dist/index.html',
  ['apps/hpp/src', 'apps/hpp/index.html', ...contract],
  'the hosted payment page',
)
buildIfStale(
  'apps/docs',
  'apps/docs/build/index.html',
  [
    'apps/docs/docs',
    'apps/docs/i18n',
    'apps/docs/src',
    'apps/docs/samples',
    'apps/docs/docusaurus.config.ts',
    'apps/docs/sidebars.ts',
    'packages/checkout-js/docs-md',
    ...contract,
  ],
  'the documentation site (a few minutes)',
)
const hasDocs = existsSync('apps/docs/package.json')
const hasDemo = existsSync('examples/demo-store/package.json')
const demoPort = env.PLAZO_DEMO_PORT ?? '4100'

let stopping = false
const children = [run('start:api', 'API')]
if (hasDocs) children.push(run('start:docs', 'Docs'))
if (hasDemo) children.push(run('start:demo', 'Demo store'))

function stop(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 2000).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

const apiUp = await waitFor(`http://127.0.0.1:${apiPort}/api/v2/`, 60)
const docsUp = hasDocs ? await waitFor(`http://127.0.0.1:${docsPort}/`, 60) : false
const demoUp = hasDemo ? await waitFor(`http://127.0.0.1:${demoPort}/`, 60) : false
console.log(`
  Plazo is running
  ─────────────────────────────────────────────────────────────
  API (sandbox)     ${publicUrl}/api/v2        ${apiUp ? '' : '(not answering yet)'}
  Hosted page       ${publicUrl}/hpp/<hpp_id>
  Docs              http://localhost:${docsPort}   ${hasDocs ? (docsUp ? '' : '(not answering yet)') : '(not built in this checkout)'}
  Docs password     ${docsPassword}
  Demo store        http://localhost:${demoPort}   ${hasDemo ? (demoUp ? '' : '(not answering yet)') : ''}
  checkout-js       ${publicUrl}/checkout.js
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
