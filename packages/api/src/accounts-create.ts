// `npm run accounts:create -- --name "Shop" --email you@example.com [--country ESP|FRA] [--password …]`: creates
// a sandbox account (a merchant, its user, agents `online` and `store`, a webhook secret) in the database of
// PLAZO_DATABASE_URL (the one `npm start` uses), and prints its password once when it made one. Run from a shell
// by whoever runs the sandbox; the dashboard's sign-up creates accounts the same way (domain/sandbox/accounts.ts).
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config.ts'
import { AccountError, type Country, createAccount } from './domain/sandbox/accounts.ts'
import { openDatabase } from './storage/index.ts'

const USAGE =
  'usage: npm run accounts:create -- --name "Business name" --email you@example.com [--country ESP|FRA] [--password P]'

async function main(): Promise<number> {
  let values: { name?: string; email?: string; country?: string; password?: string; help?: boolean }
  try {
    values = parseArgs({
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        country: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 64 // EX_USAGE
  }
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  if (!values.name || !values.email) {
    console.error(`--name and --email are required\n${USAGE}`)
    return 64
  }
  const country = (values.country ?? 'ESP').toUpperCase()
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      return 78 // EX_CONFIG
    }
    throw error
  }
  const db = await openDatabase(config.databaseUrl)
  try {
    const account = await createAccount(db, {
      name: values.name,
      email: values.email,
      defaultCountry: country as Country,
      ...(values.password === undefined ? {} : { password: values.password }),
    })
    console.log(`Created ${account.name} (merchant ${account.merchantId})`)
    console.log(`  username  ${account.username}`)
    if (account.generatedPassword) {
      console.log(`  password  ${account.generatedPassword}   (shown this once: keep it)`)
    }
    console.log(`  agents    online ${account.agents.online}, store ${account.agents.store}`)
    console.log(`  sign in   ${config.publicUrl}/dashboard/sign-in`)
    return 0
  } catch (error) {
    if (error instanceof AccountError) {
      console.error(`Not created: ${error.message}`)
      return 1
    }
    throw error
  } finally {
    await db.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
