// The committed types of src/generated/ must be what openapi-typescript makes of the contract's documents now:
// a contract change without `npm run generate -w packages/sdk-node` fails here.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const script = fileURLToPath(new URL('../scripts/generate.mjs', import.meta.url))

it('the generated types are up to date with the four OpenAPI documents', async () => {
  const result = await run(process.execPath, [script, '--check']).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, output: error.stderr }),
  )
  expect(result.output).toContain('up to date')
  expect(result.code).toBe(0)
})
