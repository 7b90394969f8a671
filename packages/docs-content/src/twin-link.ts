/** Links in the Markdown twins: the site writes them so, and the MCP server's pages made from source too. */

/** A site link to another docs page points at its Markdown twin, keeping its #hash. */
export function twinLink(href: string): string {
  const match = /^(\/(?:es\/)?docs(?:\/[^#?]*)?)(#.*)?$/.exec(href)
  if (!match?.[1]) return href
  const path = match[1].replace(/\/$/, '')
  return `${path}.md${match[2] ?? ''}`
}
