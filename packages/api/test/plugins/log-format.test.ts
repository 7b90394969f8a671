import { PassThrough } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { ConfigError, loadConfig } from '../../src/config.ts'
import { SANDBOX, seedSandbox } from '../../src/domain/sandbox/seed.ts'
import { logFormat, loggerOptions } from '../../src/plugins/log-format.ts'
import { openDatabase } from '../../src/storage/index.ts'

describe('PLAZO_LOG_FORMAT', () => {
  it('is pretty at a terminal and JSON otherwise when unset', () => {
    expect(logFormat({}, true)).toBe('pretty')
    expect(logFormat({}, false)).toBe('json')
    expect(logFormat({ PLAZO_LOG_FORMAT: ' ' }, false)).toBe('json')
  })

  it('wins over the terminal either way', () => {
    expect(logFormat({ PLAZO_LOG_FORMAT: 'json' }, true)).toBe('json')
    expect(logFormat({ PLAZO_LOG_FORMAT: 'pretty' }, false)).toBe('pretty')
  })

  it('stops start-up on any other value, naming the variable', () => {
    expect(() => logFormat({ PLAZO_LOG_FORMAT: 'yaml' }, true)).toThrow(ConfigError)
    expect(() => logFormat({ PLAZO_LOG_FORMAT: 'yaml' }, true)).toThrow(/PLAZO_LOG_FORMAT.*json or pretty/)
  })

  it('json keeps pino JSON at the level asked', () => {
    expect(loggerOptions({ PLAZO_LOG_LEVEL: 'warn' }, false)).toEqual({ level: 'warn' })
  })
})

describe('pretty request logs', () => {
  it('print one short line per request: method, path, status, ms and request id', async () => {
    const out = new PassThrough()
    let text = ''
    out.setEncoding('utf8')
    out.on('data', (chunk: string) => {
      text += chunk
    })
    const db = await openDatabase('sqlite::memory:')
    await seedSandbox(db)
    const app = await buildApp({
      config: loadConfig({}),
      db,
      logger: loggerOptions({ PLAZO_LOG_FORMAT: 'pretty' }, false, out),
      webhooks: { intervalMs: false },
    })
    try {
      await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login/',
        payload: { username: SANDBOX.demoStore.username, password: SANDBOX.password },
      })
      await app.inject({ method: 'GET', url: '/api/v2/checkout/nope', headers: { 'x-request-id': 'req-42' } })
      await vi.waitFor(() => expect(text).toContain('req-42'))
      const lines = stripVTControlCharacters(text).trim().split('\n')
      const requests = lines.filter((line) => / (GET|POST) \//.test(line))
      expect(requests).toHaveLength(2)
      expect(requests[0]).toMatch(/INFO: POST \/api\/v2\/auth\/login\/ 200 \d+\.\d ms req [\w-]{36}$/)
      expect(requests[1]).toMatch(/INFO: GET \/api\/v2\/checkout\/nope 401 \d+\.\d ms req req-42$/)
      expect(text).not.toContain('incoming request')
      expect(text).not.toContain('{"level"')
    } finally {
      await app.close()
      await db.close()
    }
  })
})
