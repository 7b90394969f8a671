/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A value as a JavaScript literal safe inside a <script> element. */
export function scriptValue(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** A tagged template whose interpolations are escaped, except values made with `raw()`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    const text = Array.isArray(value)
      ? value.map((v) => (v instanceof Raw ? v.html : escapeHtml(v))).join('')
      : value instanceof Raw
        ? value.html
        : value === undefined || value === null || value === false
          ? ''
          : escapeHtml(value)
    out += text + (strings[index + 1] ?? '')
  })
  return new Raw(out)
}

export class Raw {
  constructor(readonly html: string) {}
}

export function raw(text: string): Raw {
  return new Raw(text)
}

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' })

/** Cents as euros, e.g. 49900 → "€499.00". */
export function money(cents: number): string {
  return euros.format(cents / 100)
}
