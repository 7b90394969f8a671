// The hosted page's bundle as a phone downloads it (issue 41, item 7): it went out uncompressed, 243 KB to a
// browser that accepts br and gzip. Built as `npm run build` builds it, served by the API, fetched by chromium.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIST } from '../scripts/vite-config.ts'
import { buildCheckoutApp, startWorld, type World } from './harness.ts'

let world: World

beforeAll(async () => {
  buildCheckoutApp()
  world = await startWorld()
})
afterAll(() => world?.close())

describe('the hosted page’s assets', () => {
  it('reach the browser compressed, and the page runs from them', async () => {
    const created = await world.createHpp()
    const context = await world.browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const assets: Response[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/hpp-app/assets/')) assets.push(response)
    })
    await page.goto(created.redirectUrl)
    await page.getByRole('heading', { name: 'Tu pedido' }).waitFor()

    const script = assets.find((r) => r.url().endsWith('.js'))
    expect(script, 'the bundle was requested').toBeDefined()
    if (!script) return
    const accepted = (await script.request().allHeaders())['accept-encoding'] ?? ''
    expect(accepted).toMatch(/\bbr\b/)
    const headers = await script.allHeaders()
    expect(headers['content-encoding']).toBe('br')
    expect(headers.vary).toMatch(/accept-encoding/i)
    expect(headers['cache-control']).toContain('immutable')

    // What went over the wire, against the file the build wrote.
    const file = readFileSync(join(DIST, new URL(script.url()).pathname.replace('/hpp-app/', '')))
    const { responseBodySize } = await script.request().sizes()
    expect(responseBodySize).toBeLessThan(file.length / 3)
    expect(responseBodySize).toBeLessThan(150 * 1024)
    // The browser decoded it to the very file (the page above ran from it).
    expect((await script.body()).equals(file)).toBe(true)

    const stylesheet = assets.find((r) => r.url().endsWith('.css'))
    expect((await stylesheet?.allHeaders())?.['content-encoding']).toBe('br')
    await context.close()
  })
})
