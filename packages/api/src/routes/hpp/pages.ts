import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SecciQuerySchema, UuidSchema } from '@plazo/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import QRCode from 'qrcode'
import Type from 'typebox'
import { hppUrls } from '../../domain/checkout/session-service.ts'
import type { ClientService, SecciQuery } from '../../domain/client/client-service.ts'
import { ApiError } from '../../errors.ts'
import { serveBuiltAssets } from '../built-assets.ts'
import { integerQuery } from '../query.ts'
import { secciPage } from './secci-page.ts'

/** Where `npm run build -w apps/hpp` writes the checkout app. */
export const DEFAULT_HPP_DIST = fileURLToPath(new URL('../../../../../apps/hpp/dist', import.meta.url))
/** URL prefix of the app's built assets (Vite `base`). */
export const HPP_ASSETS_PREFIX = '/hpp-app/'

export const HPP_NOT_BUILT_MESSAGE =
  'The hosted payment page is not built: run "npm run build -w apps/hpp" (npm start and CI build it).'

export interface HppPageOptions {
  client: Pick<ClientService, 'hostedPageExists' | 'secci'>
  publicUrl: string
  /** The built app (index.html and assets/); defaults to apps/hpp/dist. */
  distDir?: string
}

/** The QR code of a hosted page link: an SVG, crisp at any size and a few kilobytes. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

const baseCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // The merchant's logo comes from the merchant's site.
  'img-src * data:',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
]

/**
 * The pages of the checkout app (served from its build) and the QR code, outside the API prefix:
 * `/hpp/{hpp_id}` (hosted page), `/hpp/{hpp_id}/distribute` (send the link), `/hpp/{hpp_id}/qr` and
 * `/embedded` (the iframe checkout-js mounts).
 */
export async function hppPageRoutes(app: FastifyInstance, options: HppPageOptions): Promise<void> {
  const distDir = options.distDir ?? DEFAULT_HPP_DIST
  const indexFile = join(distDir, 'index.html')
  const built = existsSync(indexFile)
  if (built) {
    await serveBuiltAssets(app, distDir, HPP_ASSETS_PREFIX)
  } else {
    app.addHook('onReady', async () => app.log.error({ distDir }, HPP_NOT_BUILT_MESSAGE))
  }

  const exists = (hppId: string) => options.client.hostedPageExists(hppId)

  const page = async (reply: FastifyReply, status: number, framing: 'deny' | 'any') => {
    if (!built) {
      return reply.status(503).type('text/plain; charset=utf-8').send(HPP_NOT_BUILT_MESSAGE)
    }
    // Read per request: a rebuild while the server runs changes the hashed asset names it points to.
    const html = await readFile(indexFile, 'utf8')
    const csp = framing === 'deny' ? [...baseCsp, "frame-ancestors 'none'"] : baseCsp
    if (framing === 'deny') reply.header('x-frame-options', 'DENY')
    return reply
      .status(status)
      .header('content-security-policy', csp.join('; '))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html)
  }

  // An unknown id still gets the app (which says so in the customer's language), with a 404 status.
  app.get<{ Params: { hpp_id: string } }>('/hpp/:hpp_id', async (request, reply) =>
    page(reply, (await exists(request.params.hpp_id)) ? 200 : 404, 'deny'),
  )
  app.get<{ Params: { hpp_id: string } }>('/hpp/:hpp_id/distribute', async (request, reply) =>
    page(reply, (await exists(request.params.hpp_id)) ? 200 : 404, 'deny'),
  )
  // Any merchant site may frame the embedded checkout; the client secret arrives by postMessage only.
  app.get('/embedded', async (_request, reply) => page(reply, 200, 'any'))

  // The SECCI of the offer the customer looks at, as a page to print or save as PDF and keep. The hosted page
  // id is the capability, as for the page itself; an unknown one or a wrong query answers the API's JSON error.
  app.get<{ Params: { hpp_id: string }; Querystring: SecciQuery }>(
    '/hpp/:hpp_id/secci',
    {
      preValidation: [integerQuery('period'), integerQuery('grace_period')],
      schema: {
        params: Type.Object({ hpp_id: UuidSchema }, { additionalProperties: false }),
        querystring: SecciQuerySchema,
      },
    },
    async (request, reply) => {
      const secci = await options.client.secci({ hppId: request.params.hpp_id }, request.query)
      return reply
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .header('x-frame-options', 'DENY')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(secciPage(secci, new Date()))
    },
  )

  app.get<{ Params: { hpp_id: string } }>('/hpp/:hpp_id/qr', async (request, reply) => {
    const hppId = request.params.hpp_id
    if (!(await exists(hppId))) throw new ApiError('HPP_NOT_FOUND', { id: hppId.slice(0, 64) })
    const svg = await qrSvg(hppUrls(options.publicUrl, hppId.toLowerCase()).redirect_url)
    return (
      reply
        // The QR code is the hosted page's link, a capability to the customer's checkout: never kept.
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml')
        .send(svg)
    )
  })
}
