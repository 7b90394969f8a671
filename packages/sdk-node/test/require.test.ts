// CommonJS projects load the package with require(): the package has a CommonJS build under the `require`
// condition (dist/index.cjs, with its own declarations), so it loads without require(esm) and in CommonJS tools.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const run = promisify(execFile)
const repo = fileURLToPath(new URL('../../..', import.meta.url))

it('loads with require() from a CommonJS program, by its name', async () => {
  const program = `
    const { Plazo, PlazoApiError, PlazoSignatureVerificationError } = require('@plazo/node')
    const plazo = new Plazo({ accessToken: 'token', apiUrl: 'http://127.0.0.1:9/api/v2' })
    console.log(JSON.stringify([typeof Plazo, typeof PlazoApiError, typeof PlazoSignatureVerificationError, typeof plazo.checkoutSessions]))
  `
  const { stdout } = await run(process.execPath, ['--no-warnings', '-e', program], { cwd: repo })
  expect(JSON.parse(stdout)).toEqual(['function', 'function', 'function', 'object'])
})
