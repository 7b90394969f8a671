// `npm run size -w apps/dashboard`: the JavaScript and CSS the built index.html loads on first visit, as the API
// sends them, raw, gzip and brotli, against a 150 KB compressed budget (the hosted page's; scripts/app-build/size.ts).
// Run after `npm run build`. Exits 1 over budget, so it can guard CI.
import { reportFirstLoad } from '../../../scripts/app-build/size.ts'
import { BASE, DIST } from './vite-config.ts'

reportFirstLoad({ dist: DIST, base: BASE, css: true }, 'first load')
