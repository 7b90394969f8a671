import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoggedInSite, type LoggedInState, type RunningGate, startLoggedInSite } from './harness.ts'

/** The local search box, in Debian chromium against the gate over the production build. */

let gate: RunningGate
let browser: Browser
let loggedInState: LoggedInState
let site: LoggedInSite | undefined

beforeAll(async () => {
  site = await startLoggedInSite()
  ;({ gate, browser, loggedInState } = site)
})

afterAll(() => site?.close())

/** A logged-in page at `path`, hydrated (the shortcut and the search box work once React runs). */
async function open(path: string): Promise<{ page: Page; indexRequests: string[] }> {
  const context = await browser.newContext({ storageState: loggedInState })
  const page = await context.newPage()
  const indexRequests: string[] = []
  page.on('request', (request) => {
    if (/search-index[^/]*\.json/.test(request.url())) indexRequests.push(new URL(request.url()).pathname)
  })
  await page.goto(`${gate.baseUrl}${path}`)
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' || 'onclick' in document,
  )
  await page.waitForLoadState('networkidle')
  return { page, indexRequests }
}

async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k')
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('navbar__search-input')))
    .toBe(true)
  // Filled once the real search bar has replaced the lazy placeholder, so that `fill` reaches the input that
  // stays; typing across the swap has its own test below.
  await page.waitForSelector('[class*="searchBarContainer"] input.navbar__search-input:focus', {
    timeout: 15_000,
  })
  const input = page.locator('.navbar__search-input')
  await input.fill(query)
  await expect.poll(() => input.inputValue()).toBe(query)
  await page.waitForSelector('[role="listbox"] [role="option"]', { timeout: 15_000 })
}

describe('search', () => {
  it('finds the English refunds guide from an English page, loading the index only on first use', async () => {
    const { page, indexRequests } = await open('/docs/get-started/overview')
    await expect(page.locator('.navbar__search-input')).toBeTruthy()
    expect(await page.locator('.navbar__search-input').getAttribute('placeholder')).toBe('Search')
    expect(indexRequests).toEqual([])
    await search(page, 'refund')
    expect(indexRequests.length).toBe(1)
    expect(indexRequests[0]).toMatch(/^\/search-index-\w+\.json$/)
    const options = page.locator('[role="listbox"] [role="option"]')
    // The list first shows the hits of what was typed so far ("r", "re"…): wait for those of the whole word.
    await expect
      .poll(() => options.locator('[class*="hitTitle"]').allTextContents(), { timeout: 15_000 })
      .toContain('Refund an order')
    // The matching words are marked, and a section shows the page it belongs to.
    expect(await options.locator('mark').count()).toBeGreaterThan(0)
    const paths = await options.locator('[class*="hitPath"]').allTextContents()
    expect(paths).toContain('Refund an order')
    // Choosing a section goes to it: the page and the section's anchor.
    const section = options.filter({
      has: page.locator('[class*="hitPath"]', { hasText: 'Refund an order' }),
    })
    await section.first().click()
    await page.waitForURL(/\/docs\/order-management\/refunds#[\w-]+$/)
    // The address changes at once; the page follows once its chunks are there.
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Refund an order')
    const hash = new URL(page.url()).hash.slice(1)
    expect(await page.locator(`[id="${hash}"]`).count()).toBe(1)
    await page.context().close()
  })

  it('finds the Spanish refunds guide from a Spanish page, in the Spanish index only', async () => {
    const { page, indexRequests } = await open('/es/docs/get-started/overview')
    expect(await page.locator('.navbar__search-input').getAttribute('placeholder')).toBe('Buscar')
    await search(page, 'reembolso')
    expect(indexRequests[0]).toMatch(/^\/es\/search-index-\w+\.json$/)
    const hits = page.locator('[role="listbox"] [class*="hitTitle"]')
    await expect.poll(() => hits.allTextContents(), { timeout: 15_000 }).toContain('Reembolsar un pedido')
    expect(await hits.allTextContents()).not.toContain('Refund an order')
    await page.locator('[role="option"]', { hasText: 'Reembolsar un pedido' }).first().click()
    await page.waitForURL(/\/es\/docs\/order-management\/refunds/)
    expect(await page.locator('article h1').textContent()).toBe('Reembolsar un pedido')
    await page.context().close()
  })

  it('keeps every key typed straight after Ctrl+K, while the search code loads and replaces the placeholder', async () => {
    const { page } = await open('/docs/get-started/overview')
    // The search bar's code arrives late, so the visitor's typing straddles the swap of the placeholder.
    let released: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      released = resolve
    })
    await page.route(/\.js$/, async (route) => {
      if (!route.request().frame().url().startsWith(gate.baseUrl)) return route.continue()
      await held
      await route.continue()
    })
    // What the page looks like right after the commit that puts the real input in: a MutationObserver's
    // callback runs before the browser handles another event, so a key pressed then goes where the focus is.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const real = document.querySelector<HTMLInputElement>(
          '[class*="searchBarContainer"] input.navbar__search-input',
        )
        if (!real) return
        observer.disconnect()
        Object.assign(window, { handover: { focused: document.activeElement === real, value: real.value } })
      })
      observer.observe(document.body, { childList: true, subtree: true })
    })
    await page.keyboard.press('Control+k')
    await page.keyboard.type('ref', { delay: 30 })
    released()
    await page.keyboard.type('unds', { delay: 15 })
    const input = page.locator('[class*="searchBarContainer"] input.navbar__search-input')
    await input.waitFor({ timeout: 15_000 })
    const handover = await page.evaluate(
      () => (window as { handover?: { focused: boolean; value: string } }).handover,
    )
    expect(handover?.focused).toBe(true)
    expect(handover?.value).toMatch(/^ref(u|un|und|unds)?$/)
    await page.keyboard.type(' order', { delay: 15 })
    await expect.poll(() => input.inputValue(), { timeout: 15_000 }).toBe('refunds order')
    expect(
      await page.evaluate(() => document.activeElement?.closest('[class*="searchBarContainer"]') !== null),
    ).toBe(true)
    const hits = page.locator('[role="listbox"] [class*="hitTitle"]')
    await expect.poll(() => hits.allTextContents(), { timeout: 15_000 }).toContain('Refund an order')
    await page.context().close()
  })

  it('is in the navbar of the API references too, where Redoc keeps its own search hidden', async () => {
    const { page } = await open('/order-management-api')
    await search(page, 'capture')
    expect(await page.locator('[role="listbox"] [role="option"]').count()).toBeGreaterThan(0)
    expect(await page.locator('[role="search"] input, .menu-content input[placeholder]').count()).toBe(0)
    await page.context().close()
  })
})
