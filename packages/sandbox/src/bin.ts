#!/usr/bin/env node
/**
 * `plazo-sandbox [--port 4000] [--database-url URL] [--public-url URL] [--host ADDRESS]`: the Plazo sandbox in
 * the merchant's project. Prints the URLs, the sandbox login and how long it took to answer; Ctrl-C stops it.
 * `plazo-sandbox accounts create --name N --email E`: a sandbox account of its own in the same database.
 */
import { parseArgs } from 'node:util'
import { ConfigError } from '@plazo/api/src/config.ts'
import { AccountError, type Country, createAccount } from '@plazo/api/src/domain/sandbox/accounts.ts'
import { openDatabase } from '@plazo/api/src/storage/index.ts'
import manifest from '../package.json' with { type: 'json' }
import { DEFAULT_DATABASE_URL, DEFAULT_PORT, type Sandbox, startSandbox } from './index.ts'

const HELP = `Usage: plazo-sandbox [options]
       plazo-sandbox accounts create --name <business name> --email <email> [--country ESP|FRA] [--password <p>]

The Plazo sandbox: the checkout API, the hosted payment page and /checkout.js. \`accounts create\` adds a
sandbox account (a merchant, its user, agents online and store) to its database and prints its login.

Options:
  --port <port>           port to listen on (default PLAZO_API_PORT, else ${DEFAULT_PORT})
  --host <address>        address to listen on (default 127.0.0.1; 0.0.0.0 to expose it)
  --database-url <url>    sqlite:<path>, sqlite::memory: or postgres://… (default ${DEFAULT_DATABASE_URL})
  --public-url <url>      base of the hosted page links (default http://localhost:<port>)
  --hosted                a sandbox others reach: notifications and OAuth token requests go to public
                          addresses only (PLAZO_WEBHOOK_TARGETS=public); set PLAZO_SIGNUP_CODE too
  -v, --version           print the version
  -h, --help              print this help

Every PLAZO_* variable of the API applies too (PLAZO_LOG_LEVEL, PLAZO_SIGNUP_CODE, …).`

function fail(message: string): never {
  process.stderr.write(`plazo-sandbox: ${message}\n`)
  process.exit(64) // EX_USAGE
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'database-url': { type: 'string' },
      'public-url': { type: 'string' },
      hosted: { type: 'boolean' },
      name: { type: 'string' },
      email: { type: 'string' },
      country: { type: 'string' },
      password: { type: 'string' },
      version: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  })
}
try {
  parsed = parse()
} catch (error) {
  fail(`${(error as Error).message} (see --help)`)
}
const { values, positionals } = parsed
if (values.help) {
  process.stdout.write(`${HELP}\n`)
  process.exit(0)
}
if (values.version) {
  process.stdout.write(`${manifest.version}\n`)
  process.exit(0)
}
const databaseUrl = values['database-url'] ?? process.env.PLAZO_DATABASE_URL ?? DEFAULT_DATABASE_URL

if (positionals.join(' ') === 'accounts create') {
  if (!values.name || !values.email) fail('accounts create needs --name and --email (see --help)')
  const country = (values.country ?? 'ESP').toUpperCase()
  if (country !== 'ESP' && country !== 'FRA')
    fail(`--country is ESP or FRA, got ${JSON.stringify(values.country)}`)
  const db = await openDatabase(databaseUrl)
  let code = 0
  try {
    const account = await createAccount(db, {
      name: values.name,
      email: values.email,
      defaultCountry: country as Country,
      ...(values.password === undefined ? {} : { password: values.password }),
    })
    process.stdout.write(
      [
        `Created ${account.name} (merchant ${account.merchantId}) in ${db.description}`,
        `  username  ${account.username}`,
        ...(account.generatedPassword
          ? [`  password  ${account.generatedPassword}   (shown this once: keep it)`]
          : []),
        `  agents    online ${account.agents.online}, store ${account.agents.store}`,
        '',
      ].join('\n'),
    )
  } catch (error) {
    if (!(error instanceof AccountError)) throw error
    process.stderr.write(`plazo-sandbox: not created: ${error.message}\n`)
    code = 1
  } finally {
    await db.close()
  }
  process.exit(code)
}
if (positionals.length > 0) fail(`unknown command ${JSON.stringify(positionals.join(' '))} (see --help)`)

const port = values.port === undefined ? undefined : Number(values.port)
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
  fail(`--port must be a port number (1-65535), got ${JSON.stringify(values.port)}`)

// A hosted sandbox must not be made to send requests into the network it runs in.
if (values.hosted) process.env.PLAZO_WEBHOOK_TARGETS ??= 'public'

let sandbox: Sandbox
try {
  sandbox = await startSandbox({
    ...(port !== undefined ? { port } : {}),
    ...(values.host ? { host: values.host } : {}),
    databaseUrl,
    ...(values['public-url'] ? { publicUrl: values['public-url'] } : {}),
  })
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`plazo-sandbox: ${error.message}\n`)
    process.exit(78) // EX_CONFIG
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') fail(`port ${port ?? DEFAULT_PORT} is in use: choose another with --port`)
  throw error
}
// From the process's start: Node, the modules, the database (migrations, seed) and the listening socket.
const coldStart = `${process.uptime().toFixed(2)} s`

const login =
  'username' in sandbox.credentials
    ? `${sandbox.credentials.username} / ${sandbox.credentials.password}   (Demo Store)
                    other@plazo.test / ${sandbox.credentials.password}  (Other Shop)`
    : sandbox.credentials.seeded.length > 0
      ? sandbox.credentials.seeded
          .map(({ username, password }) => `${username} / ${password}`)
          .join('\n                    ')
      : '(hosted: the random passwords printed at the first start)'
process.stdout.write(`
  Plazo sandbox ${manifest.version} is running (ready in ${coldStart})
  ─────────────────────────────────────────────────────────────
  API (sandbox)     ${sandbox.apiUrl}
  Hosted page       ${sandbox.url}/hpp/<hpp_id>
  checkout-js       ${sandbox.url}/checkout.js
  MCP server        ${sandbox.url}/mcp   (bearer token of the sandbox)
  Sandbox login     ${login}
  Database          ${sandbox.database}
  ─────────────────────────────────────────────────────────────
  Try it:
    curl -s -X POST ${sandbox.apiUrl}/auth/login/ \\
      -H 'content-type: application/json' \\
      -d '{"username":"demo@plazo.test","password":"plazo-sandbox"}'
  Ctrl-C stops it.
`)

let closing = false
const shutdown = async () => {
  if (closing) return
  closing = true
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  await sandbox.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
