// `npm run build -w apps/hpp`: builds the checkout app into apps/hpp/dist, which the API serves, with brotli and
// gzip copies of its assets.
import { build } from 'vite'
import { precompress } from '../../../scripts/app-build/precompress.ts'
import { DIST, viteConfig } from './vite-config.ts'

// Always the production build of React: Vite keeps a NODE_ENV the caller set, and under vitest (NODE_ENV=test,
// the browser tests build the app first) it shipped React's development build, twice the size.
process.env.NODE_ENV = 'production'
await build(viteConfig())
precompress(DIST)
