// `npm run build -w apps/hpp`: builds the checkout app into apps/hpp/dist, which the API serves.
import { build } from 'vite'
import { viteConfig } from './vite-config.ts'

await build(viteConfig())
