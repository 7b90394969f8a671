// Runs the demo store: reads the configuration, listens, and stops on SIGINT/SIGTERM. app.ts builds it.
import { buildDemoStore } from './app.ts'
import { loadDemoConfig } from './config.ts'

let config: ReturnType<typeof loadDemoConfig>
try {
  config = loadDemoConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(78)
}

const { app } = await buildDemoStore(config)
await app.listen({ port: config.port, host: process.env.PLAZO_DEMO_HOST ?? '127.0.0.1' })
console.log(`Demo Store: ${config.publicUrl} (Plazo API ${config.apiUrl}, agent ${config.agentId})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0))
  })
}
