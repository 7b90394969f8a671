// The builds of the apps the API serves into this package, which carries them: the hosted page (apps/hpp/dist,
// `npm run build -w apps/hpp`) into hpp/, and the dashboard (apps/dashboard/dist) into dashboard/ when it is built.
import { cpSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

for (const [app, folder, required] of [
  ['hpp', 'hpp', true],
  ['dashboard', 'dashboard', false],
]) {
  const from = fileURLToPath(new URL(`../../../apps/${app}/dist/`, import.meta.url))
  const to = fileURLToPath(new URL(`../${folder}/`, import.meta.url))
  rmSync(to, { recursive: true, force: true })
  if (!existsSync(`${from}index.html`)) {
    if (required) {
      console.error(`${from} is not built: run "npm run build -w apps/${app}" first`)
      process.exit(1)
    }
    console.warn(`@plazo/sandbox: apps/${app} is not built; the package is made without it`)
    continue
  }
  cpSync(from, to, { recursive: true })
  console.log(`@plazo/sandbox: apps/${app} copied to ${to}`)
}
