// `plazo login` as a person types it, in a pseudo-terminal (`script` from util-linux), and `plazo logout`: the
// first command a person types crashed at the password prompt while only the flag form was tested (issue 37),
// and a token could not be ended at all (issue 36).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, sandbox, testEngines } from '../../sdk-node/test/helpers/sandbox.ts'
import { BIN, cliEnv, run } from './helpers/cli.ts'

const [engine] = testEngines()

/** Runs `plazo <args>` in a pseudo-terminal, answering each prompt as it appears; resolves with all it showed. */
function inTerminal(args: string[], env: Record<string, string>, answers: Array<[string, string]>) {
  const command = [process.execPath, BIN, ...args].map((part) => `'${part}'`).join(' ')
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  let shown = ''
  const pending = [...answers]
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    shown += chunk
    const next = pending[0]
    if (next && shown.includes(next[0])) {
      pending.shift()
      child.stdin.write(`${next[1]}\r`)
    }
  })
  return new Promise<{ code: number | null; shown: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, shown }))
  })
}

describe('plazo login in a terminal, and plazo logout', { timeout: 120_000 }, () => {
  let s: Sandbox
  beforeAll(async () => {
    if (!engine) throw new Error('no test engine')
    s = await sandbox(engine)
  })
  afterAll(() => s.close())

  it('asks for the username and the password, hides the password, and stores tokens only', async () => {
    const env = cliEnv({ PLAZO_API_URL: s.apiUrl })
    const { code, shown } = await inTerminal(['login'], env, [
      ['Username: ', s.username],
      ['Password: ', s.password],
    ])
    expect(code, shown).toBe(0)
    expect(shown).toContain(`Logged in as ${s.username}`)
    expect(shown).toContain(s.username)
    expect(shown).not.toContain(s.password)
    const stored = readFileSync(join(env.XDG_CONFIG_HOME as string, 'plazo', 'config.json'), 'utf8')
    expect(stored).toContain('access_token')
    expect(stored).not.toContain(s.password)
  })

  it('ends the stored login: the token stops working and is removed; a second logout has nothing to end', async () => {
    const env = cliEnv({ PLAZO_API_URL: s.apiUrl })
    expect((await run(['login', '--username', s.username, '--password', s.password], env)).code).toBe(0)
    const file = join(env.XDG_CONFIG_HOME as string, 'plazo', 'config.json')
    const token = (JSON.parse(readFileSync(file, 'utf8')) as { access_token: string }).access_token
    const secret = () =>
      fetch(`${s.apiUrl}/webhooks/secret/`, { headers: { authorization: `Bearer ${token}` } })
    expect((await secret()).status).toBe(200)

    const out = await run(['--json', 'logout'], env)
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    expect(JSON.parse(out.stdout)).toMatchObject({ logged_out: true })
    expect((await secret()).status).toBe(401)
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    expect(stored.access_token).toBeUndefined()
    expect(stored.refresh_token).toBeUndefined()
    expect(stored.api_url).toBe(s.apiUrl)

    const again = await run(['logout'], env)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('Not logged in')
  })
})
