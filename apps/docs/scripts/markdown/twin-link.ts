/** Links in the Markdown twins. No imports, so the MCP server (packages/mcp) can use it too. */

/** A site link to another docs page points at its Markdown twin, keeping its #hash. */
export function twinLink(href: string): string {
  const match = /^(\/(?:es\/)?docs(?:\/[^#?]*)?)(#.*)?$/.exec(href)
  if (!match?.[1]) return href
  const path = match[1].replace(/\/$/, '')
  return `${path}.md${match[2] ?? ''}`
}
