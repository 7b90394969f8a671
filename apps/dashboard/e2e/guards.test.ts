// What guards a dashboard and what it remembers, in chromium: the throttle's 429 said plainly on the sign-in, a
// page of another origin that posts to the dashboard with the signed-in cookie changes nothing (the Origin check
// refuses it, 403), the language and theme chosen are remembered across reloads (the dark theme with no axe
// violation either), a sign-out in another tab signs this one out at once (the live stream), the test clock
// moves, and the account is deleted once its e-mail is typed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDashboard, seriousViolations, startWorld, type World } from './harness.ts'

let world: World
let context: BrowserContext
let page: Page
const email = `guards.${Date.now()}@example.com`
const password = 'a long enough password'

beforeAll(async () => {
  buildDashboard()
  world = await startWorld('dashboard-guards')
  context = await world.browser.newContext({ locale: 'en-GB', viewport: { width: 1024, height: 800 } })
  page = await context.newPage()
  await page.goto(`${world.api}/dashboard/sign-up`)
  await page.getByLabel('Business name').fill('Guards')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create the account' }).click()
  await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor()
})
afterAll(async () => {
  await context?.close()
  await world?.close()
})

const clockOffset = async () => {
  const res = await page.evaluate(async () => (await fetch('/dashboard/api/account')).json())
  return (res as { clock: { offset_minutes: number } }).clock.offset_minutes
}

describe('the dashboard in a browser', () => {
  it('refuses a page of another origin that posts with the signed-in cookie', async () => {
    // Another origin on the same host: the same site for cookies, so the browser does send the cookie.
    const evil: Server = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${world.api}/dashboard/api/v2/test-helpers/clock/advance" enctype="text/plain">
<input name='{"minutes":600,"x":"' value='"}'></form>
<script>
fetch(${JSON.stringify(`${world.api}/dashboard/api/v2/webhooks/secret/rotate`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' })
  .finally(() => document.getElementById('f').submit())
</script>`)
    })
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve))
    const attacker = await context.newPage()
    try {
      const before = await page.evaluate(async () =>
        (await fetch('/dashboard/api/v2/webhooks/secret')).json(),
      )
      const answers: number[] = []
      attacker.on('response', (response) => {
        if (response.url().includes('/dashboard/api/')) answers.push(response.status())
      })
      await attacker.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`)
      // The form's post navigates the page to the dashboard's refusal.
      await attacker.waitForURL(/\/dashboard\/api\/v2\/test-helpers\/clock\/advance/, { timeout: 10_000 })
      expect(await attacker.locator('body').textContent()).toContain('plazo.dashboard.cross_site_request')
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
      expect([...new Set(answers)]).toEqual([403])
      expect(await clockOffset()).toBe(0)
      const after = await page.evaluate(async () => (await fetch('/dashboard/api/v2/webhooks/secret')).json())
      expect(after).toEqual(before)
    } finally {
      await attacker.close()
      evil.closeAllConnections()
      await new Promise((resolve) => evil.close(resolve))
    }
  })

  it('goes to the sign-in page when the account signs out in another tab, told by the live stream', async () => {
    await page.goto(`${world.api}/dashboard/`)
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor()
    const other = await context.newPage()
    try {
      await other.goto(`${world.api}/dashboard/`)
      await other.getByRole('button', { name: 'Sign out' }).click()
      await other.getByRole('heading', { name: 'Sign in to your sandbox' }).waitFor()
      // No click here: the stream ends with `signed-out` and the page finds its cookie no longer signs in.
      await page.getByRole('heading', { name: 'Sign in to your sandbox' }).waitFor({ timeout: 5000 })
    } finally {
      await other.close()
    }
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor()
  })

  it('says plainly when the sign-in is throttled (429), with the minutes to wait', async () => {
    const other = await world.browser.newContext({ locale: 'es-ES' })
    const signIn = await other.newPage()
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${world.api}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: `wrong ${i}` }),
      })
      expect(res.status).toBe(403)
    }
    await signIn.goto(`${world.api}/dashboard/sign-in`)
    await signIn.getByLabel('E-mail', { exact: true }).fill(email)
    await signIn.getByLabel('Contraseña', { exact: true }).fill(password)
    await signIn.getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    const alert = signIn.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(
      /^429 · Demasiados intentos para esta cuenta o desde esta dirección\. Vuelve a intentarlo dentro de 15 min\./,
    )
    expect(signIn.url()).toContain('/dashboard/sign-in')
    await other.close()
  })

  it('remembers the language and the theme chosen, and the dark theme passes axe too', async () => {
    await page.goto(`${world.api}/dashboard/developers`)
    await page.getByLabel('Language').selectOption('es')
    await page.getByLabel('Tema oscuro').check()
    await page.reload()
    await page.getByRole('heading', { name: 'Desarrolladores', level: 1 }).waitFor()
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dataset.theme]),
    ).toEqual(['es', 'dark'])
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(`${world.api}/dashboard/`)
    await page.getByRole('heading', { name: 'Sesiones', level: 1 }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Idioma').selectOption('en')
    await page.getByLabel('Dark theme').uncheck()
  })

  it('moves the test clock, and deletes the account once its e-mail is typed', async () => {
    await page.goto(`${world.api}/dashboard/developers`)
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor()
    await page.getByRole('button', { name: '+1 hour' }).click()
    await page.getByText('60 min ahead of real time').waitFor()
    expect(await clockOffset()).toBe(60)

    const remove = page.getByRole('button', { name: 'Delete the account and all its data' })
    const confirm = page.getByLabel(`Type ${email} to confirm`)
    await confirm.fill('someone.else@example.com')
    expect(await remove.isDisabled()).toBe(true)
    await confirm.fill(email.toUpperCase())
    await remove.click()
    await page.getByRole('heading', { name: 'Sign in to your sandbox' }).waitFor()
    expect(page.url()).toContain('/dashboard/sign-in')
    const login = await fetch(`${world.api}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    })
    expect(login.status).toBe(403)
  })
})
