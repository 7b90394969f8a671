// `npm run build -w apps/dashboard`: builds the dashboard into apps/dashboard/dist, which the API serves at
// /dashboard, with brotli and gzip copies of its assets.
import { build } from 'vite'
import { precompress } from '../../../scripts/app-build/precompress.ts'
import { DIST, viteConfig } from './vite-config.ts'

// Always React's production build: Vite keeps a NODE_ENV the caller set (vitest sets `test`).
process.env.NODE_ENV = 'production'
await build(viteConfig())
precompress(DIST)
