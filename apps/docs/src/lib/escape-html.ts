/** `value` as HTML text or a quoted attribute value: `& < > " '` as character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
