import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild, launchBrowser, PASSWORD, type RunningGate, startGate } from './harness.ts'
import { PENDING_ROUTES, SPEC_ROUTES, spanish } from './routes.ts'

/** The site as a visitor sees it: Debian chromium against the gate over the production build. */

let gate: RunningGate
let browser: Browser
/** Cookies of one login, reused by the tests that need a logged-in browser (logins are rate-limited). */
let loggedInState: Awaited<ReturnType<BrowserContext['storageState']>>

beforeAll(async () => {
  ensureBuild()
  gate = await startGate()
  browser = await launchBrowser()
  const context = await browser.newContext()
  await logIn(await context.newPage())
  loggedInState = await context.storageState()
  await context.close()
})

afterAll(async () => {
  await browser?.close()
  await gate?.app.close()
})

async function logIn(page: Page, path = '/'): Promise<void> {
  await page.goto(`${gate.baseUrl}${path}`)
  await page.fill('#password', PASSWORD)
  await page.click('button[type=submit]')
  await page.waitForSelector('.navbar', { timeout: 15_000 })
}

/** A fresh browser profile that is already logged in. */
async function loggedInContext(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: loggedInState, ...options })
  const page = await context.newPage()
  await page.goto(`${gate.baseUrl}/`)
  await page.waitForSelector('.navbar')
  return { context, page }
}

describe('login screen', () => {
  it('shows "Invalid password" on the field for a wrong password, after a spinner', async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${gate.baseUrl}/docs/get-started/overview`)
    expect(response?.status()).toBe(401)
    await expect(page.locator('h1').textContent()).resolves.toBe('Plazo Docs')
    await expect(page.textContent('body')).resolves.toContain(
      'Access our documentation and get started with the product.',
    )
    await page.fill('#password', 'not-the-password')
    await page.click('button[type=submit]')
    await page.waitForSelector('#spinner:not([hidden])', { timeout: 400 })
    expect(await page.isDisabled('button[type=submit]')).toBe(true)
    await page.waitForSelector('#password-error:has-text("Invalid password")')
    expect(await page.getAttribute('#password', 'aria-invalid')).toBe('true')
    expect(await page.locator('.navbar').count()).toBe(0)
    await page.close()
  })

  it('checks the length before sending anything', async () => {
    const page = await browser.newPage()
    await page.goto(`${gate.baseUrl}/`)
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.fill('#password', 'ab')
    await page.click('button[type=submit]')
    await page.waitForSelector('#password-error:has-text("Invalid password")')
    expect(requests.filter((url) => url.includes('/__gate/login'))).toEqual([])
    await page.close()
  })

  it('is in Spanish under /es/', async () => {
    const page = await browser.newPage()
    await page.goto(`${gate.baseUrl}/es/docs/get-started/overview`)
    await expect(page.textContent('body')).resolves.toContain('Accede a nuestra documentación')
    await page.close()
  })

  it('goes to the page asked for with the right password, and stays logged in after a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await logIn(page, '/docs/get-started/considerations?from=login#time-limits')
    expect(page.url()).toBe(`${gate.baseUrl}/docs/get-started/considerations?from=login#time-limits`)
    await expect(page.locator('article h1').textContent()).resolves.toBe('Considerations')
    await page.reload()
    await page.waitForSelector('article h1')
    await page.goto(`${gate.baseUrl}/`)
    await expect(page.locator('h1').first().textContent()).resolves.toContain('developer documentation')
    const cookies = await context.cookies()
    expect(cookies.find((cookie) => cookie.name === 'plazo_docs_session')?.httpOnly).toBe(true)
    await context.close()
  })

  it('logs out with the navbar button', async () => {
    const { context, page } = await loggedInContext()
    await page.click('button:has-text("Log out")')
    await page.waitForSelector('#password')
    await page.goto(`${gate.baseUrl}/docs/api/`)
    expect(await page.locator('#password').count()).toBe(1)
    await context.close()
  })
})

describe('routes', () => {
  it('renders every route of the spec table in English and Spanish, without the not-found page', async () => {
    const { context, page } = await loggedInContext()
    for (const route of SPEC_ROUTES) {
      for (const url of [route, spanish(route)]) {
        // What is checked is the prerendered page, complete once its HTML is parsed: no need to wait for the
        // scripts and images of 130 pages to load.
        const response = await page.goto(`${gate.baseUrl}${url}`, { waitUntil: 'domcontentloaded' })
        if (response?.status() === 404 && PENDING_ROUTES.has(route)) continue
        expect(response?.status(), url).toBe(200)
        await page.waitForSelector('h1')
        const text = (await page.textContent('#__docusaurus_skipToContent_fallback')) ?? ''
        expect(text, url).not.toMatch(/Page Not Found|Página no encontrada/)
        expect(text.length, url).toBeGreaterThan(200)
        expect(await page.getAttribute('html', 'lang'), url).toBe(url.startsWith('/es/') ? 'es-ES' : 'en')
      }
    }
    await context.close()
  })

  it('shows the checkout-js reference in Spanish under /es/, with a Spanish sidebar', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/es/docs/checkout-js/functions/init`)
    await expect(page.locator('article h1').textContent()).resolves.toBe('Función: init()')
    const article = (await page.locator('article').textContent()) ?? ''
    expect(article).toContain('Parámetros')
    expect(article).toMatch(/Configura checkout-js/)
    expect(article).not.toContain('Configures checkout-js')
    const sidebar = (await page.locator('nav.menu').textContent()) ?? ''
    expect(sidebar).toContain('Funciones')
    expect(sidebar).not.toMatch(/\bFunctions\b/)
    await page.goto(`${gate.baseUrl}/docs/checkout-js/functions/init`)
    await expect(page.locator('article h1').textContent()).resolves.toBe('Function: init()')
    await context.close()
  })

  it('shows the not-found page with a 404 status for an unknown path', async () => {
    const { context, page } = await loggedInContext()
    const response = await page.goto(`${gate.baseUrl}/docs/no-such-page`)
    expect(response?.status()).toBe(404)
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Page Not Found')
    const spanishResponse = await page.goto(`${gate.baseUrl}/es/docs/no-existe`)
    expect(spanishResponse?.status()).toBe(404)
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Página no encontrada')
    await context.close()
  })

  it('offers each API reference with its OpenAPI document for download', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/webhook-api`)
    const link = page.locator('a[download][href*="/openapi/"]').first()
    const href = new URL((await link.getAttribute('href')) ?? '', gate.baseUrl)
    expect(href.pathname).toBe('/openapi/webhook.json')
    const download = await page.request.get(href.toString())
    expect(download.status()).toBe(200)
    expect((await download.json()).openapi).toMatch(/^3\.1/)
    await context.close()
  })
})

describe('guides', () => {
  it('hydrate without a mismatch, their bash samples highlighted as served', async () => {
    const { context, page } = await loggedInContext()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${gate.baseUrl}/docs/get-started/checkout-session`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForLoadState('networkidle')
    // Highlighted by the same Prism that rendered the page (prism.additionalLanguages), not left plain.
    const curl = page.locator('pre.language-bash .token.function', { hasText: 'curl' }).first()
    await expect(curl.count()).resolves.toBe(1)
    // A second copy of Prism used to rewrite the code blocks before React hydrated them (error #418).
    expect(errors.filter((text) => /onRecoverableError|#418|#423|hydrat/i.test(text))).toEqual([])
    await context.close()
  })

  it('keep the served code blocks through hydration: tabs are not rendered a second time', async () => {
    const { context, page } = await loggedInContext()
    // Marks the code blocks as parsed from the served page, before any of the page's scripts runs.
    await page.addInitScript(() =>
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return
        for (const block of document.querySelectorAll('pre')) block.setAttribute('data-served', '')
      }),
    )
    await page.goto(`${gate.baseUrl}/docs/get-started/checkout-session`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.tabs-container pre').count()).toBeGreaterThan(0)
    expect(await page.locator('pre:not([data-served])').count()).toBe(0)
    await context.close()
  })

  it('show the tab the reader chose, on the next page load too', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/docs/get-started/checkout-session`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    const tabs = page.locator('.tabs-container').first()
    await tabs.locator('[role=tab]', { hasText: 'Node.js' }).click()
    await page.reload()
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await expect.poll(() => tabs.locator('[role=tab][aria-selected=true]').textContent()).toBe('Node.js')
    expect(await tabs.locator('[role=tabpanel]:not([hidden])').count()).toBe(1)
    expect(await tabs.locator('[role=tabpanel]:not([hidden]) pre.language-js').count()).toBe(1)
    await context.close()
  })

  it('highlight a code block of every language the guides use, after hydration too', async () => {
    const { context, page } = await loggedInContext()
    // Each language with a page that shows it (the grammars are plugins/prism-languages.ts's PRISM_LANGUAGES).
    const samples: Record<string, string[]> = {
      '/docs/get-started/checkout-session': ['bash', 'json', 'js'],
      '/docs/embedded/customization': ['css'],
      '/docs/checkout-js': ['html'],
      '/docs/checkout-js/type-aliases/FilterBy': ['ts'],
    }
    for (const [path, languages] of Object.entries(samples)) {
      await page.goto(`${gate.baseUrl}${path}`)
      await page.waitForSelector('html[data-has-hydrated="true"]')
      await page.waitForLoadState('networkidle')
      for (const language of languages) {
        const tokens = page.locator(`pre.language-${language} .token:not(.plain)`)
        expect(await tokens.count(), `${path}: ${language}`).toBeGreaterThan(0)
      }
    }
    await context.close()
  })

  it('keep the served highlighting through hydration, and highlight again in the dark theme', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/docs/get-started/checkout-session`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForLoadState('networkidle')
    const keyword = page.locator('pre.language-js .token.keyword').first()
    const served = await keyword.evaluate((element) => ({
      colour: getComputedStyle(element).color,
      // React marks every element it hydrated; the tokens of a served block are left as they are.
      hydrated: Object.keys(element).some((key) => key.startsWith('__reactFiber')),
    }))
    expect(served.hydrated).toBe(false)
    await page.click('button[class*="toggleButton"]')
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark')
    await expect
      .poll(() => keyword.evaluate((element) => getComputedStyle(element).color))
      .not.toBe(served.colour)
    await context.close()
  })

  it('wrap the lines of a served code block with its word-wrap button', async () => {
    const { context, page } = await loggedInContext()
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(`${gate.baseUrl}/docs/get-started/checkout-session`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    const block = page.locator('.theme-code-block:has(pre.language-bash)').first()
    await block.hover()
    await block.locator('button[title="Toggle word wrap"]').click()
    expect(await block.locator('code').evaluate((code) => getComputedStyle(code).whiteSpace)).toBe('pre-wrap')
    await context.close()
  })
})

describe('API reference pages', () => {
  it('show the prerendered reference at once and make it interactive on the first interaction', async () => {
    const { context, page } = await loggedInContext()
    // The OpenAPI document comes with Redoc, not with the page (src/lib/reference-document.ts): a script
    // carrying the document's paths is only downloaded once the visitor starts using the reference.
    const documents: string[] = []
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return
      if ((await response.text().catch(() => '')).includes('"/checkout/{checkout_session_id}/capture"'))
        documents.push(response.url())
    })
    await page.goto(`${gate.baseUrl}/order-management-api`)
    await page.waitForLoadState('networkidle')
    expect(documents).toEqual([])
    // Complete before any interaction: title, operations and the expanded 200/201 responses are there.
    await expect(page.locator('.redocusaurus h1').textContent()).resolves.toContain('Order Management API')
    expect(await page.locator('.plazo-redoc').getAttribute('data-interactive')).toBe('false')
    // Redoc's example pickers get an accessible name (in the first idle moment after hydration).
    const pickers = page.locator('.redocusaurus select.dropdown-select')
    expect(await pickers.count()).toBeGreaterThan(0)
    await expect
      .poll(() => page.locator('.redocusaurus select.dropdown-select:not([aria-label="Example"])').count())
      .toBe(0)
    await page.mouse.move(400, 400)
    await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus h1')
    expect(documents).toHaveLength(1)
    // Interactive now: the menu's search box is hidden (disableSearch) and a menu entry scrolls to its section.
    expect(
      await page
        .locator('.redocusaurus input.search-input, .redocusaurus input[placeholder="Search..."]')
        .count(),
    ).toBe(0)
    await expect(page.locator('.redocusaurus h1').textContent()).resolves.toContain('Order Management API')
    await context.close()
  })

  it('show the prerendered reference’s later parts once loaded, at once for a link into them, and without scripts', async () => {
    const { context, page } = await loggedInContext()
    const visible = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.getClientRects().length ?? 0, selector)
    const refund = '[data-section-id$="/operation/refundCheckoutSession"] [id^="operation/"] > *'
    // The deferred parts are in the page from the start, not shown, then shown one by one.
    await page.goto(`${gate.baseUrl}/order-management-api`, { waitUntil: 'commit' })
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForFunction(() => !document.querySelector('[data-deferred]'))
    expect(await visible(refund)).toBe(1)
    expect(await page.locator('.plazo-redoc').getAttribute('data-interactive')).toBe('false')
    // A link to an operation far down: shown and scrolled to, still prerendered (the page's own scroll is not
    // the reader's first interaction: Redoc and the OpenAPI document are not fetched).
    const documents: string[] = []
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return
      if ((await response.text().catch(() => '')).includes('"/checkout/{checkout_session_id}/capture"'))
        documents.push(response.url())
    })
    await page.goto(
      `${gate.baseUrl}/order-management-api#tag/Order-management/operation/refundCheckoutSession`,
    )
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await expect
      .poll(() =>
        page.evaluate(() => {
          const section = document.getElementById('tag/Order-management/operation/refundCheckoutSession')
          return section ? Math.abs(Math.round(section.getBoundingClientRect().top)) < 200 : false
        }),
      )
      .toBe(true)
    // Nothing to wait for when nothing happens: a second for the scroll to have been taken for an interaction.
    await page.waitForTimeout(1000)
    await page.waitForLoadState('networkidle')
    expect(documents).toEqual([])
    expect(await page.locator('.plazo-redoc').getAttribute('data-interactive')).toBe('false')
    await context.close()
    // Without JavaScript, everything is shown at once.
    const noScript = await loggedInContext({ javaScriptEnabled: false })
    await noScript.page.goto(`${gate.baseUrl}/order-management-api`)
    expect(await noScript.page.locator('[data-deferred]').count()).toBeGreaterThan(10)
    expect(
      await noScript.page.evaluate((s) => document.querySelector(s)?.getClientRects().length ?? 0, refund),
    ).toBe(1)
    await noScript.context.close()
  })

  it('show the JSON samples as text in the prerendered reference, in Redoc’s viewer once interactive', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/checkout-session-hpp-api`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    // Served compact (scripts/compact-json-samples.ts): the lines Redoc shows, without its viewer's buttons.
    const sample = page.locator('.redocusaurus .redoc-json').first()
    expect(await sample.isVisible()).toBe(true)
    expect(await sample.textContent()).toMatch(/"username": "demo@plazo\.test",\s+"password"/)
    expect(await page.locator('.redocusaurus .redoc-json button.collapser').count()).toBe(0)
    await page.waitForLoadState('networkidle')
    await page.mouse.move(400, 400)
    // Redoc's viewer: its collapse buttons (the outermost one is hidden by Redoc's styles).
    await page.waitForSelector(
      '.plazo-redoc[data-interactive="true"] .redocusaurus .redoc-json button.collapser',
      { state: 'attached' },
    )
    await expect(page.locator('.redocusaurus .redoc-json').first().textContent()).resolves.toContain(
      '"username"',
    )
    await context.close()
  })

  it('keep the prerendered markup through hydration: it is not parsed and laid out a second time', async () => {
    const { context, page } = await loggedInContext()
    // Counts the nodes put in or taken out of the reference's own element once the HTML is parsed (the
    // document turns "interactive" before any of the page's scripts runs).
    await page.addInitScript(() => {
      const state = window as unknown as { plazoReplaced: number }
      state.plazoReplaced = -1
      document.addEventListener('readystatechange', () => {
        const reference = document.querySelector('.plazo-redoc')
        if (document.readyState !== 'interactive' || !reference) return
        state.plazoReplaced = 0
        new MutationObserver((records) => {
          for (const record of records)
            state.plazoReplaced += record.addedNodes.length + record.removedNodes.length
        }).observe(reference, { childList: true })
      })
    })
    await page.goto(`${gate.baseUrl}/checkout-session-hpp-api`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    expect(await page.locator('.plazo-redoc').getAttribute('data-interactive')).toBe('false')
    expect(await page.evaluate(() => (window as unknown as { plazoReplaced: number }).plazoReplaced)).toBe(0)
    await context.close()
  })

  it('are not downloaded by a guide that only shows their navbar links, until a link is reached', async () => {
    const { context, page } = await loggedInContext()
    const specs = new Set<string>()
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return
      // A reference's route data: its download and theme ("url":"/openapi/….json","themeId" as JSON, without
      // the key's quotes once minified; main.js names the downloads too, in the site's config, but not so).
      const text = await response.text().catch(() => '')
      const match = text.match(/\burl"?:"\/openapi\/([a-z-]+)\.json","?themeId\b/)
      if (match?.[1]) specs.add(match[1])
    })
    await page.goto(`${gate.baseUrl}/docs/get-started/overview`)
    await page.waitForSelector('html[data-has-hydrated="true"]')
    await page.waitForLoadState('networkidle')
    expect([...specs]).toEqual([])
    // Reaching a link preloads its reference, as Docusaurus does for every link. (On the way to it the pointer
    // may cross another entry of the menu, which then preloads too: only the one reached is checked.)
    await page.hover('.navbar__item.dropdown:has-text("API reference")')
    await page.hover('.dropdown__menu a:has-text("Webhooks")')
    await expect.poll(() => specs.has('webhook')).toBe(true)
    await context.close()
  })

  it('render the reference at once after a client-side navigation', async () => {
    const { context, page } = await loggedInContext()
    await page.hover('.navbar__item.dropdown:has-text("API reference")')
    await page.click('.dropdown__menu a:has-text("Webhooks")')
    await page.waitForSelector('.plazo-redoc[data-interactive="true"] .redocusaurus h1')
    expect(page.url()).toBe(`${gate.baseUrl}/webhook-api`)
    await context.close()
  })
})

describe('navigation and settings', () => {
  it('switches the language keeping the path, the query and the hash', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/docs/get-started/overview?tab=node#two-integration-modes`)
    await page.waitForFunction(() =>
      document.querySelector('a[lang="es-ES"]')?.getAttribute('href')?.includes('#'),
    )
    await page.hover('.navbar__items--right .dropdown')
    await page.click('a[lang="es-ES"]')
    await page.waitForURL(/\/es\//)
    expect(page.url()).toBe(`${gate.baseUrl}/es/docs/get-started/overview?tab=node#two-integration-modes`)
    await expect(page.locator('article h1').textContent()).resolves.toBe('Visión general')
    await context.close()
  })

  it('keeps the dark mode chosen with the switch after a reload', async () => {
    const { context, page } = await loggedInContext()
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    for (let i = 0; i < 3 && (await page.getAttribute('html', 'data-theme')) !== 'dark'; i++) {
      await page.click('button[class*="toggleButton"]')
    }
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    await page.reload()
    await page.waitForSelector('.navbar')
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    await context.close()
  })

  it('shows the banner to the older site on every page, with no close button', async () => {
    const { context, page } = await loggedInContext()
    for (const url of ['/', '/docs/api/globals', '/order-management-api', '/es/docs/get-started/overview']) {
      await page.goto(`${gate.baseUrl}${url}`)
      const banner = page.locator('.theme-announcement-bar')
      await expect(banner.count()).resolves.toBe(1)
      expect(await banner.locator('a').getAttribute('href')).toMatch(/^https:\/\//)
      expect(await banner.locator('button').count()).toBe(0)
    }
    await context.close()
  })
})

describe('failures', () => {
  it("shows 'This page crashed.' and 'Try again' when a page throws", async () => {
    const { context, page } = await loggedInContext()
    // Make the considerations page throw while it renders: its content chunk gets a throwing expression
    // in place of the first sentence.
    await page.route('**/assets/js/*.js', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      const sabotaged = body.replace(
        /(["'`])Read this page before you go live\./,
        '(()=>{throw new Error("Simulated crash")})()+$1',
      )
      await route.fulfill({ response, body: sabotaged })
    })
    await page.goto(`${gate.baseUrl}/docs/get-started/considerations`)
    await page.waitForSelector('text=This page crashed.')
    expect(await page.locator('button:has-text("Try again")').count()).toBe(1)
    await expect(page.textContent('body')).resolves.toContain('Simulated crash')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  })

  it('reloads once when a route chunk fails, then shows the error with a Retry button', async () => {
    const { context, page } = await loggedInContext()
    await page.goto(`${gate.baseUrl}/`)
    await page.waitForLoadState('networkidle')
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    let loads = 0
    page.on('load', () => loads++)
    // From now on every route chunk fails to load; only the app's entry scripts still load.
    await page.route('**/assets/js/*.js', (route) =>
      /\/(main|runtime~main|common)\.[\w]+\.js$/.test(route.request().url())
        ? route.continue()
        : route.abort(),
    )
    await page.click('a.button:has-text("Get started")')
    await page.waitForSelector('text=Retry', { timeout: 20_000 })
    await page.waitForLoadState('load')
    expect(loads).toBe(1)
    expect(warnings.some((text) => /chunk/i.test(text))).toBe(true)
    await expect(page.textContent('body')).resolves.toMatch(/ChunkLoadError|Loading chunk/)
    await page.waitForTimeout(1500)
    expect(loads).toBe(1)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await context.close()
  })
})
