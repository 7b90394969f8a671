/**
 * The Plazo sandbox as a program of the merchant's project: the API of packages/api (bundled into this package
 * with the contract and the loan maths), the hosted payment page and the dashboard (their builds, in hpp/ and
 * dashboard/) and /checkout.js (from
 * @plazo/checkout-js), on SQLite in ./.plazo/ unless a PostgreSQL URL is given. `plazo-sandbox` (bin.ts) runs
 * it; `startSandbox` is the same for a test or a script.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '@plazo/api/src/app.ts'
import { loadConfig } from '@plazo/api/src/config.ts'
import { SANDBOX, seedSandbox } from '@plazo/api/src/domain/sandbox/seed.ts'
import { loggerOptions } from '@plazo/api/src/plugins/log-format.ts'
import { openDatabase } from '@plazo/api/src/storage/index.ts'
import { allowOptimizingLargeFunctions } from '@plazo/api/src/v8-flags.ts'

export const DEFAULT_PORT = 4000
export const DEFAULT_DATABASE_URL = 'sqlite:./.plazo/sandbox.sqlite'

export interface SandboxOptions {
  /** Port of the API, the hosted page and /checkout.js (default PLAZO_API_PORT, else 4000). */
  port?: number
  /** Address to listen on (default PLAZO_API_HOST, else 127.0.0.1). */
  host?: string
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://…` (default PLAZO_DATABASE_URL, else ./.plazo/sandbox.sqlite). */
  databaseUrl?: string
  /** Base of redirect_url, qr_code_url and distribution_url (default PLAZO_PUBLIC_URL, else http://localhost:<port>). */
  publicUrl?: string
  /** The rest of the configuration (PLAZO_* variables, as in the API's README); default process.env. */
  env?: NodeJS.ProcessEnv
  /** Log requests (pino; pretty in a terminal). Default true. */
  log?: boolean
}

/** A login of the sandbox. */
export interface Credentials {
  username: string
  password: string
}

export interface Sandbox {
  /** `http://localhost:<port>` (the public URL). */
  url: string
  /** `<url>/api/v2` */
  apiUrl: string
  /** What the database is (`SQLite at …`, `PostgreSQL …`). */
  database: string
  /** The documented demo login, or the random passwords of a hosted sandbox (`--hosted`, or PLAZO_SIGNUP_CODE set). */
  credentials: Credentials | { seeded: Credentials[] }
  close(): Promise<void>
}

/** This package's folder (where hpp/ is), wherever it is installed or bundled. */
function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && /"name":\s*"@plazo\/sandbox"/.test(readFileSync(manifest, 'utf8'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/**
 * An app's build carried in this package (hpp/, dashboard/); absent when run from this repository's sources, where
 * the API defaults to the apps' own builds.
 */
function carried(folder: string): string | undefined {
  const root = packageRoot()
  const dir = root ? join(root, folder) : undefined
  return dir && existsSync(join(dir, 'index.html')) ? dir : undefined
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  allowOptimizingLargeFunctions()
  const base = options.env ?? process.env
  const env: NodeJS.ProcessEnv = {
    ...base,
    PLAZO_DATABASE_URL: options.databaseUrl ?? base.PLAZO_DATABASE_URL ?? DEFAULT_DATABASE_URL,
  }
  if (options.port !== undefined) env.PLAZO_API_PORT = String(options.port)
  if (options.publicUrl !== undefined) env.PLAZO_PUBLIC_URL = options.publicUrl
  const config = loadConfig(env)
  const logger = options.log === false ? false : loggerOptions(env, process.stdout.isTTY === true)
  const db = await openDatabase(config.databaseUrl, { checkTransactionScope: false })
  const hosted = config.hosted
  const seeded = await seedSandbox(db, undefined, hosted ? 'random' : 'documented')
  const app = await buildApp({
    config,
    db,
    logger,
    hppDistDir: carried('hpp'),
    dashboardDistDir: carried('dashboard'),
    checkoutJsPath: createRequire(import.meta.url).resolve('@plazo/checkout-js/checkout.js'),
  })
  try {
    await app.listen({ port: config.apiPort, host: options.host ?? env.PLAZO_API_HOST ?? '127.0.0.1' })
  } catch (error) {
    await app.close()
    await db.close()
    throw error
  }
  return {
    url: config.publicUrl,
    apiUrl: `${config.publicUrl}/api/v2`,
    database: db.description,
    credentials: hosted ? { seeded } : { username: SANDBOX.demoStore.username, password: SANDBOX.password },
    async close() {
      await app.close()
      await db.close()
    },
  }
}
