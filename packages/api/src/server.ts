// Runs the API: loads and validates the configuration, opens the database (migrations applied), seeds the
// sandbox, listens, and shuts down gracefully on SIGINT/SIGTERM. Everything else is built by app.ts.
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { SANDBOX, seedSandbox } from './domain/sandbox/seed.ts'
import { loggerOptions } from './plugins/log-format.ts'
import { openDatabase } from './storage/index.ts'
import { allowOptimizingLargeFunctions } from './v8-flags.ts'

async function main(): Promise<void> {
  allowOptimizingLargeFunctions()
  let config: ReturnType<typeof loadConfig>
  let logger: ReturnType<typeof loggerOptions>
  try {
    config = loadConfig(process.env)
    logger = loggerOptions(process.env, process.stdout.isTTY === true)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78) // EX_CONFIG
    }
    throw error
  }

  // Failures no request sees (a lost idle PostgreSQL connection, a failed WAL checkpoint) go to the log once
  // the app has one, to stderr before.
  let reportBackgroundError = (error: Error) => console.error(`database: ${error.message}`)
  // The check against database calls made inside a transaction is for the tests (see TransactionScope).
  const db = await openDatabase(config.databaseUrl, {
    checkTransactionScope: false,
    onBackgroundError: (error) => reportBackgroundError(error),
  })
  // A hosted sandbox (a signup code is set) never has the documented passwords: anyone could be Demo Store.
  const hosted = config.hosted
  const seeded = await seedSandbox(db, undefined, hosted ? 'random' : 'documented')
  const app = await buildApp({
    config,
    db,
    logger,
  })
  reportBackgroundError = (error) => app.log.error({ err: error }, 'database background failure')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    await db.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.apiPort, host: process.env.PLAZO_API_HOST ?? '127.0.0.1' })
  const credentials = hosted
    ? seeded.length > 0
      ? { seeded, note: 'random passwords of the seeded accounts, shown this once: keep them' }
      : { note: 'hosted sandbox: the seeded accounts have the random passwords shown at their first start' }
    : { username: SANDBOX.demoStore.username, password: SANDBOX.password }
  app.log.info(
    { api: `${config.publicUrl}/api/v2`, database: db.description, sandbox: config.sandbox, credentials },
    'Plazo API ready',
  )
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
