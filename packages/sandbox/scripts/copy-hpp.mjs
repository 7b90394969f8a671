// The hosted page's build (apps/hpp/dist, `npm run build -w apps/hpp`) into hpp/, which this package carries.
import { cpSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const from = fileURLToPath(new URL('../../../apps/hpp/dist/', import.meta.url))
const to = fileURLToPath(new URL('../hpp/', import.meta.url))
if (!existsSync(`${from}index.html`)) {
  console.error(`${from} is not built: run "npm run build -w apps/hpp" first`)
  process.exit(1)
}
rmSync(to, { recursive: true, force: true })
cpSync(from, to, { recursive: true })
console.log(`@plazo/sandbox: hosted page copied to ${to}`)
