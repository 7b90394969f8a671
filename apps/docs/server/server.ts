import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildGateServer } from './app.ts'
import { ConfigError, DEFAULT_DOCS_PASSWORD, loadGateConfig } from './config.ts'
import { gateLogger } from './logger.ts'

/** `npm run start:docs`: serves the built docs behind the password on PLAZO_DOCS_PORT (default 3000). */

let config: ReturnType<typeof loadGateConfig>
try {
  config = loadGateConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

if (!existsSync(`${config.buildDir}/index.html`)) {
  console.log('The docs site is not built yet; building it first (npm run build --workspace=apps/docs)…')
  const siteDir = fileURLToPath(new URL('..', import.meta.url))
  const result = spawnSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const app = await buildGateServer({
  buildDir: config.buildDir,
  password: config.password,
  sessionSecret: config.sessionSecret,
  sessionTtlSeconds: config.sessionTtlSeconds,
  trustProxy: config.trustProxy,
  sandboxUrl: config.sandboxUrl,
  logger: gateLogger(process.env, process.stdout.isTTY === true),
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
console.log(`Docs: http://${shown}:${config.port} (password-protected)`)
console.log(`Try it consoles call the sandbox API at ${config.sandboxUrl}`)
if (config.usingDefaultPassword) {
  console.log(`Docs password: ${DEFAULT_DOCS_PASSWORD} (local default; set PLAZO_DOCS_PASSWORD to change it)`)
}
