// `npm run dev -w apps/hpp`: the app with hot reload on :5173; API calls go to the sandbox API on :4000.
import { createServer } from 'vite'
import { viteConfig } from './vite-config.ts'

const api = process.env.PLAZO_API_URL ?? 'http://127.0.0.1:4000'
const server = await createServer({
  ...viteConfig(),
  // Served from the root in development, so /hpp/<id> and /embedded open the app directly.
  base: '/',
  appType: 'spa',
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': api } },
})
await server.listen()
server.printUrls()
