import type { FastifyRequest } from 'fastify'

/**
 * Whether a form post comes from a page of this site, so another site cannot end a visitor's session: its
 * Origin (or, from a browser that sends none, its Referer) must name this host. A header that is not a URL is
 * not this site: refused like any other (issue 36: `Origin: garbage` made `new URL()` throw, a 500). `Origin:
 * null` (a sandboxed frame, a privacy setting) is let through as before; no header at all (curl) too.
 */
export function isSameOriginPost(request: Pick<FastifyRequest, 'headers' | 'host'>): boolean {
  const { origin, referer } = request.headers
  const sameHost = (value: string) => request.host !== '' && hostOf(value) === request.host
  if (origin !== undefined) return origin === 'null' || sameHost(origin)
  if (referer !== undefined) return sameHost(referer)
  return true
}

/** The host (and port) of an absolute http(s) URL; undefined for anything else. */
function hostOf(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined
  const url = new URL(value)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined
}
