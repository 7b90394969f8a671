import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LoggedInSite, startLoggedInSite } from './harness.ts'
import { type HeaderLayout, headerProblems, measureHeader } from './navbar-boxes.ts'

/**
 * The header on the screens people use: one row from the desktop breakpoint (996 px) up, in English and in
 * Spanish, on a guide and on an API reference; and a phone header (390 px) whose menu button, brand and search
 * never overlap. Checked by the boxes of the items, not by a screenshot.
 */

const DESKTOP_WIDTHS = [1000, 1100, 1280, 1440]
const PHONE = { width: 390, height: 844 }
const PAGES = [
  { name: 'guide', path: '/docs/get-started/checkout-session' },
  { name: 'API reference', path: '/checkout-session-hpp-api' },
]
const LOCALES = [
  { locale: 'en', prefix: '', logout: 'Log out', brand: 'Plazo Docs' },
  { locale: 'es', prefix: '/es', logout: 'Cerrar sesión', brand: 'Plazo Docs' },
] as const

let site: LoggedInSite | undefined

beforeAll(async () => {
  site = await startLoggedInSite()
})

afterAll(() => site?.close())

async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  if (!site) throw new Error('no site')
  const context = await site.browser.newContext({ storageState: site.loggedInState, viewport })
  const page = await context.newPage()
  await page.goto(`${site.gate.baseUrl}${path}`)
  await page.waitForSelector('html[data-has-hydrated="true"]', { timeout: 60_000 })
  // The web fonts are the system's, but wait for layout to settle after hydration all the same.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  return page
}

function describeLayout(layout: HeaderLayout): string {
  return layout.items
    .map((item) => `${item.name} [${Math.round(item.left)}–${Math.round(item.right)}, lines ${item.lines}]`)
    .join(', ')
}

describe.each(LOCALES)('the header in $locale', ({ prefix, logout, brand }) => {
  describe.each(PAGES)('on a $name', ({ path }) => {
    it('is one row from 996 px up: nothing wrapped, cut or overlapping, every navbar item there', async () => {
      const page = await open(`${prefix}${path}`, { width: DESKTOP_WIDTHS[0] ?? 1000, height: 800 })
      try {
        for (const width of DESKTOP_WIDTHS) {
          await page.setViewportSize({ width, height: 800 })
          const layout = await measureHeader(page)
          expect(headerProblems(layout), `${width} px: ${describeLayout(layout)}`).toEqual([])
          expect(layout.brandText, `${width} px`).toBe(brand)
          // Spec §2: four items on the left (Get started and three dropdowns), the language switch, the colour
          // mode switch, the search box, and the gate's log-out button, all in the bar itself.
          const names = layout.items.map((item) => item.kind)
          expect(
            names.filter((kind) => kind === 'left'),
            `${width} px`,
          ).toHaveLength(4)
          for (const kind of ['brand', 'locale', 'colour-mode', 'search', 'logout'])
            expect(names, `${width} px`).toContain(kind)
          // The log-out button keeps its name for screen readers even where it shows as an icon.
          await expect(page.getByRole('button', { name: logout, exact: true }).isVisible()).resolves.toBe(
            true,
          )
        }
        // The search box widens on focus, and still stays inside the bar and the window.
        await page.setViewportSize({ width: 1000, height: 800 })
        await page.locator('.navbar__search-input').first().focus()
        await page.waitForSelector('[class*="searchBarContainer"] input.navbar__search-input:focus', {
          timeout: 30_000,
        })
        await expect
          .poll(() =>
            page.locator('.navbar__search-input').evaluate((input) => input.getBoundingClientRect().width),
          )
          .toBeGreaterThanOrEqual(180)
        const focused = await page
          .locator('.navbar__search-input')
          .evaluate((input) => JSON.parse(JSON.stringify(input.getBoundingClientRect())) as DOMRect)
        expect(focused.left).toBeGreaterThanOrEqual(0)
        expect(focused.right).toBeLessThanOrEqual(1000)
      } finally {
        await page.context().close()
      }
    })

    it('on a 390 px phone: menu button, brand and search apart; log-out in the menu', async () => {
      const page = await open(`${prefix}${path}`, PHONE)
      try {
        const layout = await measureHeader(page)
        expect(headerProblems(layout), describeLayout(layout)).toEqual([])
        expect(layout.brandText).toBe(brand)
        const kinds = layout.items.map((item) => item.kind)
        for (const kind of ['menu', 'brand', 'search']) expect(kinds).toContain(kind)
        // The log-out button is not squeezed into the bar: it is in the menu the button opens.
        expect(kinds).not.toContain('logout')
        await page.click('.navbar__toggle')
        const inMenu = page.locator('.navbar-sidebar').getByRole('button', { name: logout, exact: true })
        await inMenu.waitFor({ state: 'visible', timeout: 15_000 })
      } finally {
        await page.context().close()
      }
    })
  })
})
