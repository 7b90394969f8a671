import { FLOW_CHECKS, WEBHOOK_CHECKS } from '@plazo/contract'
import { describe, expect, it } from 'vitest'
import type { IntegrationCheckRun } from '../api.ts'
import {
  cliCommand,
  docsUrlIn,
  isLoopbackUrl,
  MAX_RECENT_RUNS,
  noAnswerReason,
  type RecentRun,
  remember,
  sinceMinutes,
  updateRecent,
} from '../checks.ts'
import { DICTIONARIES } from '../i18n/index.tsx'

describe('the period of a flow check', () => {
  it('reads minutes, hours and days as the CLI\u2019s --since does', () => {
    expect(sinceMinutes('15m')).toBe(15)
    expect(sinceMinutes(' 1h ')).toBe(60)
    expect(sinceMinutes('2H')).toBe(120)
    expect(sinceMinutes('1d')).toBe(1440)
    expect(sinceMinutes('45')).toBe(45)
    expect(sinceMinutes('30 min')).toBe(30)
  })

  it('refuses what is not 1 minute to 24 hours', () => {
    for (const text of ['', '0m', '25h', '2d', '1.5h', 'soon', '-5m', '1w'])
      expect(sinceMinutes(text), text).toBeUndefined()
  })
})

describe('a handler on the sandbox\u2019s own machine', () => {
  it('is a loopback or localhost URL', () => {
    for (const url of [
      'http://localhost:3000/webhooks',
      'http://127.0.0.1:8080/hook',
      'http://[::1]:3000/',
      'https://shop.localhost/webhooks',
    ])
      expect(isLoopbackUrl(url), url).toBe(true)
    for (const url of ['https://shop.example/webhooks', 'http://10.0.0.5/webhooks', 'localhost:3000', ''])
      expect(isLoopbackUrl(url), url).toBe(false)
  })

  it('is checked with the CLI, the URL typed in the command', () => {
    expect(cliCommand(' http://localhost:4242/hooks ')).toBe(
      'npx plazo check webhooks --forward-to http://localhost:4242/hooks',
    )
    expect(cliCommand('')).toBe('npx plazo check webhooks --forward-to http://localhost:3000/webhooks')
  })
})

const check = (id: string, status: 'pass' | 'fail' | 'warn' | 'skip', detail: string) => ({
  id,
  status,
  title: id,
  detail,
  docs_url: `http://localhost:3000/docs/get-started/integration-check#${id.replace(/[._]/g, '-')}`,
})

describe('a webhooks run whose handler never answered', () => {
  it('says why, in the API\u2019s words, when the sandbox refused the target', () => {
    const run = {
      kind: 'webhooks' as const,
      checks: [
        check(
          'signature.valid',
          'fail',
          'A correctly signed notification: your handler no answer (shop.example is not a loopback address, and PLAZO_WEBHOOK_TARGETS=loopback) after 1 ms (delivery d1, event e, session s). Answer 2XX, or Plazo retries it for days.',
        ),
      ],
    }
    expect(noAnswerReason(run)).toBe(
      'shop.example is not a loopback address, and PLAZO_WEBHOOK_TARGETS=loopback',
    )
  })

  it('says nothing when the handler answered, or for a flow run', () => {
    expect(
      noAnswerReason({ kind: 'webhooks', checks: [check('signature.valid', 'pass', 'answered 204')] }),
    ).toBe(undefined)
    expect(
      noAnswerReason({
        kind: 'webhooks',
        checks: [check('signature.valid', 'fail', 'your handler answered 500 in 3 ms: oops')],
      }),
    ).toBeUndefined()
    expect(noAnswerReason({ kind: 'flow', checks: [] })).toBeUndefined()
  })
})

describe('the guide a check links to', () => {
  it('is the Spanish page on a Spanish dashboard, the anchor kept', () => {
    const url = 'http://localhost:3000/docs/get-started/integration-check#signature-valid'
    expect(docsUrlIn(url, 'en')).toBe(url)
    expect(docsUrlIn(url, 'es')).toBe(
      'http://localhost:3000/es/docs/get-started/integration-check#signature-valid',
    )
    expect(docsUrlIn('not a url', 'es')).toBe('not a url')
  })
})

describe('the runs this tab started', () => {
  const recent = (id: string): RecentRun => ({
    id,
    kind: 'flow',
    target: '1h',
    created_at: '2026-11-28T10:00:00.000Z',
    status: 'done',
    passed: 7,
    failed: 0,
    warned: 0,
  })

  it('puts the newest first, once, and keeps the latest few', () => {
    let list: RecentRun[] = []
    for (let n = 0; n < MAX_RECENT_RUNS + 3; n++) list = remember(list, recent(`r${n}`))
    expect(list).toHaveLength(MAX_RECENT_RUNS)
    expect(list[0]?.id).toBe(`r${MAX_RECENT_RUNS + 2}`)
    list = remember(list, recent('r5'))
    expect(list.filter((entry) => entry.id === 'r5')).toHaveLength(1)
    expect(list[0]?.id).toBe('r5')
  })

  it('takes a report\u2019s status and counts, keeping what was checked', () => {
    const running: RecentRun = {
      ...recent('w1'),
      kind: 'webhooks',
      target: 'http://x',
      status: 'running',
      passed: 0,
    }
    const done = { id: 'w1', status: 'done', passed: 9, failed: 1, warned: 1 } as IntegrationCheckRun
    expect(updateRecent([running, recent('f1')], done)).toEqual([
      { ...running, status: 'done', passed: 9, failed: 1, warned: 1 },
      recent('f1'),
    ])
  })
})

describe('the checks\u2019 titles', () => {
  it('are the contract\u2019s in English, and every check has one in Spanish', () => {
    const checks = [...WEBHOOK_CHECKS, ...FLOW_CHECKS]
    expect(DICTIONARIES.en.checks.titles).toEqual(Object.fromEntries(checks.map((c) => [c.id, c.title])))
    expect(Object.keys(DICTIONARIES.es.checks.titles).sort()).toEqual(checks.map((c) => c.id).sort())
  })
})
