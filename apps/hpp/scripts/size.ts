// `npm run size -w apps/hpp`: the JavaScript the built index.html loads on first visit (its module scripts and
// modulepreload links) as the API sends it, raw, gzip and brotli, against the 150 KB compressed budget
// (scripts/app-build/size.ts). Run after `npm run build`. Exits 1 over budget, so it can guard CI.
import { reportFirstLoad } from '../../../scripts/app-build/size.ts'
import { BASE, DIST } from './vite-config.ts'

reportFirstLoad({ dist: DIST, base: BASE, css: false }, 'first-load JS')
