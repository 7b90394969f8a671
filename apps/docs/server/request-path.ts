/**
 * The one reading of a request's path that the gate decides on and serves from (issue 36). The path is
 * percent-decoded once and normalised once (`.`, `..` and empty segments resolved); the same value then picks
 * the route, decides whether a session is needed and names the file sent. Before, the gate let through every
 * URL that began with `/__gate/` and the file route decoded and normalised it afterwards, so
 * `/__gate/../docs/api.md` served the page without a session.
 */

export type RequestPath =
  | {
      ok: true
      /** Decoded and normalised: `/`, then segments without `.`, `..` or empty ones; a trailing `/` is kept. */
      path: string
      /** The same path encoded again, with the query as received: what the router and the handlers see. */
      url: string
    }
  | {
      ok: false
      /** 400: not a path, or not percent-encoded UTF-8. 404: names nothing inside the build folder. */
      status: 400 | 404
      error: 'bad_path' | 'not_found'
    }

const BAD_PATH = { ok: false, status: 400, error: 'bad_path' } as const
const OUTSIDE = { ok: false, status: 404, error: 'not_found' } as const

/** Characters no file of the build has in its name: controls (NUL first) and the backslash some systems read as `/`. */
const FORBIDDEN = /[\p{Cc}\\]/u

/** Encodes one segment for a URL, leaving the sub-delimiters a path may carry as they are. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/g, (sequence) =>
    decodeURIComponent(sequence),
  )
}

export function readRequestPath(rawUrl: string): RequestPath {
  // The query (or a fragment sent by a careless client) is not part of the path, and is kept as received.
  const end = rawUrl.search(/[?#]/)
  const rawPath = end === -1 ? rawUrl : rawUrl.slice(0, end)
  const rest = end === -1 ? '' : rawUrl.slice(end)
  if (!rawPath.startsWith('/')) return BAD_PATH
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    // Malformed escapes and invalid UTF-8, overlong forms such as %c0%ae included.
    return BAD_PATH
  }
  if (FORBIDDEN.test(decoded)) return OUTSIDE
  const segments: string[] = []
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      // Climbing above the root names something outside the build folder.
      if (segments.length === 0) return OUTSIDE
      segments.pop()
      continue
    }
    segments.push(segment)
  }
  const trailingSlash = segments.length > 0 && /\/\.{0,2}$/.test(decoded) ? '/' : ''
  return {
    ok: true,
    path: `/${segments.join('/')}${trailingSlash}`,
    url: `/${segments.map(encodeSegment).join('/')}${trailingSlash}${rest}`,
  }
}
