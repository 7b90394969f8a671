// The builds of the apps the API serves into this package, which carries them: the hosted page (apps/hpp/dist,
// `npm run build -w apps/hpp`) into hpp/, and the dashboard (apps/dashboard/dist) into dashboard/. An app not built
// yet is left out with a warning (the root `npm run build` builds packages before apps); `npm run release:pack`
// builds them first and refuses a sandbox without the hosted page.
import { cpSync, existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

for (const [app, folder] of [
  ['hpp', 'hpp'],
  ['dashboard', 'dashboard'],
]) {
  const from = fileURLToPath(new URL(`../../../apps/${app}/dist/`, import.meta.url))
  const to = fileURLToPath(new URL(`../${folder}/`, import.meta.url))
  rmSync(to, { recursive: true, force: true })
  if (!existsSync(`${from}index.html`)) {
    console.warn(`@plazo/sandbox: apps/${app} is not built ("npm run build -w apps/${app}"); left out`)
    continue
  }
  cpSync(from, to, { recursive: true })
  console.log(`@plazo/sandbox: apps/${app} copied to ${to}`)
}
