import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildGateServer } from '../server/app.ts'
import { renderLoginPage } from '../server/login-page.ts'
import { createPasswordVerifier } from '../server/password.ts'
import { site, siteTitle } from '../site.config.ts'
import { buildDir, ensureBuild, PASSWORD } from './harness.ts'

/** The gate over the real build: nothing of it without a session, whatever the file. */

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(buildDir, join(dir, entry.name))],
  )
}

beforeAll(() => ensureBuild())

describe('the gate over the production build', () => {
  it('answers every file of the build, in every form of its path, with the login screen only', async () => {
    const app = await buildGateServer({ buildDir, password: createPasswordVerifier(PASSWORD) })
    const loginPages = {
      en: renderLoginPage({ locale: 'en', title: siteTitle, supportEmail: site.supportEmail }),
      es: renderLoginPage({ locale: 'es', title: siteTitle, supportEmail: site.supportEmail }),
    }
    const files = walk(buildDir)
    const kinds = new Set(files.map((file) => file.split('.').pop()))
    // The walk really covers pages, scripts, styles, images, the OpenAPI downloads, the search indexes, the
    // Markdown twins, llms.txt and the Postman collections, in both locales.
    for (const kind of ['html', 'js', 'css', 'svg', 'json', 'md', 'txt', 'br', 'gz'])
      expect(kinds).toContain(kind)
    for (const file of ['llms.txt', 'es/llms-full.txt', 'postman/webhook.postman_collection.json'])
      expect(files).toContain(file)
    expect(files.some((file) => /^es\/search-index-\w+\.json$/.test(file))).toBe(true)
    expect(files.some((file) => file.startsWith('es/'))).toBe(true)
    expect(files).toContain('openapi/webhook.json')

    for (const file of files) {
      const paths = [`/${file}`]
      if (file.endsWith('/index.html'))
        paths.push(`/${file.slice(0, -'index.html'.length)}`, `/${file.slice(0, -'/index.html'.length)}`)
      for (const url of paths) {
        const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
        expect(response.statusCode, url).toBe(401)
        expect(response.headers['content-encoding'], url).toBeUndefined()
        const spanish = url === '/es' || url.startsWith('/es/')
        // The login screen, carrying the page asked for (where a login without JavaScript returns to).
        expect(response.body, url).toBe((spanish ? loginPages.es : loginPages.en).html({ returnTo: url }))
      }
    }
    await app.close()
  })

  it('serves the same files once logged in', async () => {
    const app = await buildGateServer({
      buildDir,
      password: createPasswordVerifier(PASSWORD),
      minLoginResponseMs: 0,
    })
    const login = await app.inject({ method: 'POST', url: '/__gate/login', payload: { password: PASSWORD } })
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const home = await app.inject({ url: '/', headers: { cookie } })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(siteTitle)
    const download = await app.inject({ url: '/openapi/checkout-session-hpp.json', headers: { cookie } })
    expect(download.statusCode).toBe(200)
    expect(download.json()).toHaveProperty('openapi')
    await app.close()
  })
})
