#!/usr/bin/env node
// Runs the Biome binary of the platform package with the arguments given (see package.json for why).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const binary = join(dirname(require.resolve('@biomejs/cli-linux-x64/package.json')), 'biome')
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' })
if (result.error) {
  console.error(`Cannot run Biome (${binary}): ${result.error.message}`)
  process.exit(1)
}
process.exit(result.status ?? 1)
