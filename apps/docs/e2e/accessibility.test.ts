import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiReferences } from '../api-references.ts'
import {
  type LoggedInSite,
  type LoggedInState,
  PASSWORD,
  type RunningGate,
  startLoggedInSite,
} from './harness.ts'

/** The site in both colour modes, for people with a keyboard, a screen reader, a phone or no JavaScript. */

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

const REFERENCES = apiReferences.map((reference) => reference.route)
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

let gate: RunningGate
let browser: Browser
let loggedInState: LoggedInState
let site: LoggedInSite | undefined

beforeAll(async () => {
  site = await startLoggedInSite()
  ;({ gate, browser, loggedInState } = site)
})

afterAll(() => site?.close())

/** A fresh, logged-in browser whose saved colour mode (Docusaurus's localStorage `theme`) is `theme`. */
async function visitor(
  theme: Theme,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: loggedInState, viewport })
  await context.addInitScript((saved) => window.localStorage.setItem('theme', saved), theme)
  return { context, page: await context.newPage() }
}

interface Violation {
  id: string
  impact: string | null
  nodes: string[]
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the gate's Content-Security-Policy
  // (scripts by hash only) refuses an inline script it did not serve, as it should.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe
    interface AxeResults {
      violations: Array<{
        id: string
        impact: string | null
        nodes: Array<{ target: string[]; failureSummary?: string }>
      }>
    }
    const results = await axe.run(document)
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }))
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}

/** Computed colours and widths of parts of a reference, to compare the prerendered and the live one. */
function referenceLook(page: Page) {
  return page.evaluate(() => {
    const look = (selector: string) => {
      const element = document.querySelector<HTMLElement>(selector)
      if (!element) return null
      const style = getComputedStyle(element)
      return `${Math.round(element.getBoundingClientRect().width)} ${style.color} ${style.backgroundColor}`
    }
    return {
      menu: look('.redocusaurus .menu-content'),
      menuItem: look('.redocusaurus .menu-content label'),
      title: look('.redocusaurus h1'),
      operation: look('.redocusaurus h2'),
      section: look('.redocusaurus h5'),
      rightPanel: look('.redocusaurus [role=tablist]'),
    }
  })
}

describe('API references at first paint, without any interaction', () => {
  for (const theme of THEMES) {
    it.each(REFERENCES)(`%s in ${theme} mode is styled like the live reference`, async (route) => {
      const { context, page } = await visitor(theme)
      await page.goto(`${gate.baseUrl}${route}`)
      await page.waitForLoadState('networkidle')
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
      // Still the prerendered reference: nothing has made it interactive.
      expect(await page.getAttribute('.plazo-redoc', 'data-interactive')).toBe('false')
      const menuWidth = await page.evaluate(
        () => document.querySelector('.redocusaurus .menu-content')?.getBoundingClientRect().width,
      )
      expect(menuWidth).toBe(300)
      const largestIcon = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('.redocusaurus svg')].map(
            (icon) => icon.getBoundingClientRect().width,
          ),
        ),
      )
      expect(largestIcon).toBeLessThan(40)
      const prerendered = await referenceLook(page)
      expect(prerendered.menu).toMatch(theme === 'dark' ? /rgb\(24, 25, 26\)$/ : /rgb\(255, 255, 255\)$/)
      await page.mouse.move(400, 400)
      await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus h1')
      await page.waitForLoadState('networkidle')
      expect(await referenceLook(page)).toEqual(prerendered)
      await context.close()
    })
  }
})

describe('axe-core finds no serious or critical violation', () => {
  const pages = [
    '/',
    '/docs/get-started/checkout-session',
    '/docs/checkout-js',
    '/es/docs/hpp/integration',
    ...REFERENCES,
  ]
  for (const theme of THEMES) {
    it.each(pages)(`on %s in ${theme} mode`, async (path) => {
      const { context, page } = await visitor(theme)
      await page.goto(`${gate.baseUrl}${path}`)
      await page.waitForLoadState('networkidle')
      // A prerendered reference shows its later parts once loaded (deferred-sections.ts): all of them checked.
      await page.waitForFunction(() => !document.querySelector('[data-deferred]'))
      expect(await seriousViolations(page), path).toEqual([])
      if (REFERENCES.includes(path)) {
        // And once Redoc has taken over the reference (its own styles, rendered in the browser).
        await page.mouse.move(400, 400)
        await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus h1')
        await page.waitForLoadState('networkidle')
        expect(await seriousViolations(page), `${path}, interactive`).toEqual([])
      }
      await context.close()
    })
  }

  it('on a phone (390px), where the tables of a guide scroll sideways', async () => {
    const { context, page } = await visitor('light', { width: 390, height: 844 })
    for (const path of ['/docs/api/globals', '/webhook-api']) {
      await page.goto(`${gate.baseUrl}${path}`)
      await page.waitForLoadState('networkidle')
      await page.waitForFunction(() => !document.querySelector('[data-deferred]'))
      expect(await seriousViolations(page), path).toEqual([])
    }
    await context.close()
  })
})

describe('landmarks', () => {
  it('gives the announcement bar a labelled region, not a second banner, and every page one main', async () => {
    const { context, page } = await visitor('light')
    for (const path of ['/', '/docs/get-started/overview', ...REFERENCES]) {
      await page.goto(`${gate.baseUrl}${path}`)
      expect(await page.locator('[role=banner]').count(), path).toBe(0)
      const bar = page.locator('.theme-announcement-bar')
      expect(await bar.evaluate((element) => element.tagName), path).toBe('SECTION')
      expect(await bar.getAttribute('aria-label'), path).toBe('Earlier API documentation')
      expect(await page.locator('main').count(), path).toBe(1)
    }
    await page.goto(`${gate.baseUrl}/es/webhook-api`)
    expect(await page.getAttribute('.theme-announcement-bar', 'aria-label')).toBe(
      'Documentación de la API anterior',
    )
    await context.close()
  })
})

describe('a phone (390px) and a keyboard', () => {
  it('scrolls a wide table from the keyboard: it is a named, focusable region', async () => {
    const { context, page } = await visitor('light', { width: 390, height: 844 })
    await page.goto(`${gate.baseUrl}/docs/api/globals`)
    const wide = page.locator('.table-scroll').last()
    expect(await wide.evaluate((box) => box.scrollWidth > box.clientWidth + 100)).toBe(true)
    expect(await wide.getAttribute('role')).toBe('region')
    expect(await wide.getAttribute('aria-label')).toBe('Error catalogue')
    // In the tab order like any control; once focused, the arrow keys scroll it.
    expect(await wide.evaluate((box) => box.tabIndex)).toBe(0)
    await wide.focus()
    expect(await wide.evaluate((box) => box === document.activeElement)).toBe(true)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => wide.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0)
    await context.close()
  })

  it('shows the support e-mail of a reference whole', async () => {
    const { context, page } = await visitor('dark', { width: 390, height: 844 })
    await page.goto(`${gate.baseUrl}/webhook-api`)
    const clipped = await page.evaluate(() => {
      const link = document.querySelector('.redocusaurus a[href^="mailto:"]')
      let box = link?.parentElement ?? null
      while (box && getComputedStyle(box).overflow === 'visible') box = box.parentElement
      if (!link || !box) return 'not found'
      const shown = box.getBoundingClientRect()
      const email = link.getBoundingClientRect()
      return email.left < shown.left || email.right > shown.right
    })
    expect(clipped).toBe(false)
    await context.close()
  })
})

describe('example values of the references', () => {
  it('are the strings they are, not links that lead nowhere', async () => {
    const { context, page } = await visitor('light')
    await page.goto(`${gate.baseUrl}/checkout-session-hpp-api`)
    await page.waitForLoadState('networkidle')
    const samples = page.locator('.redocusaurus .redoc-json').first()
    await samples.waitFor()
    expect(
      await page
        .locator('.redocusaurus a[href*="shop.example.com"], .redocusaurus a[href*="localhost:4000"]')
        .count(),
    ).toBe(0)
    expect(await page.locator('.redocusaurus .redoc-json').allTextContents()).toContainEqual(
      expect.stringContaining('"https://shop.example.com/checkout/success'),
    )
    // Also once Redoc renders them in the browser.
    await page.mouse.move(400, 400)
    await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus .redoc-json')
    await expect
      .poll(() =>
        page
          .locator('.redocusaurus a[href*="shop.example.com"], .redocusaurus a[href*="localhost:4000"]')
          .count(),
      )
      .toBe(0)
    await context.close()
  })
})

describe('without JavaScript', () => {
  it('logs in with the form and lands on the page asked for; a wrong password shows the error', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${gate.baseUrl}/docs/get-started/considerations?from=login`)
    await page.fill('#password', 'wrong-password')
    await page.click('button[type=submit]')
    await expect(page.textContent('#password-error')).resolves.toBe('Invalid password')
    expect(await page.getAttribute('#password', 'aria-invalid')).toBe('true')
    await page.fill('#password', PASSWORD)
    await page.click('button[type=submit]')
    await page.waitForURL(`${gate.baseUrl}/docs/get-started/considerations?from=login`)
    await expect(page.locator('article h1').textContent()).resolves.toBe('Considerations')
    await context.close()
  })
})
