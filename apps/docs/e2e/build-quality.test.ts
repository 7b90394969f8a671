import { existsSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildDir, buildLogPath, ensureBuild } from './harness.ts'
import { linkForm, PENDING_ROUTES, spanish } from './routes.ts'

/**
 * Docusaurus only warns about broken links, anchors, markdown links and duplicate routes (spec §2); this
 * test turns each of those warnings in our build into a failure. The one allowance: links to pages of
 * PENDING_ROUTES that do not exist yet.
 */

let log: string

beforeAll(() => {
  ensureBuild()
  log = readFileSync(buildLogPath, 'utf8')
})

function brokenLinkTargets(text: string): Set<string> {
  const targets = new Set<string>()
  for (const section of text.split('[WARNING]').filter((part) => part.includes('found broken links'))) {
    for (const match of section.matchAll(/-> linking to (\S+)/g)) targets.add(match[1] ?? '')
  }
  return targets
}

describe('the production build', () => {
  it('finished both locales', () => {
    expect(log).toContain('[SUCCESS] Generated static files in "build".')
    expect(log).toContain('[SUCCESS] Generated static files in "build/es".')
  })

  it('has no broken link except to a pending page that is not written yet', () => {
    const missing = [...PENDING_ROUTES].filter(
      (route) => !existsSync(`${buildDir}${route.replace(/\/$/, '')}/index.html`),
    )
    const pending = new Set(missing.flatMap((route) => [linkForm(route), linkForm(spanish(route))]))
    const unexpected = [...brokenLinkTargets(log)].filter((target) => !pending.has(linkForm(target)))
    expect(unexpected).toEqual([])
  })

  it('has no broken anchor, broken markdown link or duplicate route', () => {
    expect(log).not.toMatch(/found broken anchors/i)
    expect(log).not.toMatch(/markdown link/i)
    expect(log).not.toMatch(/duplicate routes/i)
    expect(log).not.toMatch(/\[ERROR\]/)
  })
})
