// `npm run dev -w apps/dashboard`: the dashboard with hot reload on :5174; its calls go to the sandbox on :4000.
import { createServer } from 'vite'
import { viteConfig } from './vite-config.ts'

const api = process.env.PLAZO_API_URL ?? 'http://127.0.0.1:4000'
// The sandbox checks the Origin of the dashboard's calls: the proxy presents the sandbox's own.
const server = await createServer({
  ...viteConfig(),
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: {
      '/dashboard/api': { target: api, changeOrigin: true, headers: { origin: new URL(api).origin } },
    },
  },
})
await server.listen()
server.printUrls()
