/**
 * The URL Plazo will use for `value`, or undefined when it cannot be used as it is: read the way the WHATWG URL
 * parser reads it (Node's HTTP client, which POSTs notifications and token requests, and the customer's
 * browser, which follows redirects and loads logos), with an http or https scheme, a host, and user-info that
 * percent-decodes. Node decodes the user-info into an `Authorization` header while it builds the request and
 * throws a `URIError` on one that does not (`http://%ff@host/`), so such a URL is refused where it is given.
 */
export function parseHttpUrl(value: string): URL | undefined {
  if (!URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.hostname === '') return undefined
  try {
    decodeURIComponent(url.username)
    decodeURIComponent(url.password)
  } catch {
    return undefined
  }
  return url
}
