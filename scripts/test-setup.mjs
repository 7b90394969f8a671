// Vitest global setup: what the tests read that a build writes. @plazo/mcp serves the docs it carries in
// packages/mcp/data (written from apps/docs and the contract by its build-data script): written again when a
// guide or an OpenAPI document changed since, in well under a second.
import { execFileSync } from 'node:child_process'

export default function setup() {
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/mcp/scripts/build-data.ts', '--if-stale'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
