import type { Secci } from '../../domain/client/secci.ts'
import { SECCI_TEXTS } from '../../domain/client/secci-texts.ts'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

/**
 * The page's only styles, inline (its CSP allows no other source). On paper: A4, no colours to waste, and no
 * row of the form cut across two pages.
 */
const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #1f2933; line-height: 1.45 }
body { margin: 0 auto; max-width: 52rem; padding: 1.5rem 1rem 3rem }
h1 { font-size: 1.5rem; margin: 0 0 .25rem }
h2 { font-size: 1.1rem; margin: 2rem 0 .5rem }
.lender { margin: 0; font-weight: 600 }
.keep { color: #52606d; font-size: .9rem }
.warning { border: 2px solid #1f2933; padding: .75rem 1rem; font-weight: 700 }
table { width: 100%; border-collapse: collapse }
th, td { text-align: left; vertical-align: top; padding: .5rem; border: 1px solid #cbd2d9 }
th { width: 34%; font-weight: 600; background: #f5f7fa }
footer { margin-top: 2rem; color: #52606d; font-size: .85rem }
@media (max-width: 40rem) { th, td { display: block; width: auto; border-width: 0 0 1px } th { border: 0 } }
@page { size: A4; margin: 16mm }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt }
  .keep { display: none }
  tr, .warning { break-inside: avoid }
  h2 { break-after: avoid }
  th { background: none }
}
`

/**
 * The SECCI as a page of its own (`/hpp/{hpp_id}/secci`): the same document the hosted page shows before the
 * customer confirms, to print or save as a PDF and keep. Nothing but HTML and inline styles.
 */
export function secciPage(secci: Secci, now: Date): string {
  const t = SECCI_TEXTS[secci.language]
  const generated = new Intl.DateTimeFormat(t.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(now)
  const sections = secci.sections
    .map(
      (section) => `<section aria-labelledby="${section.id}">
<h2 id="${section.id}">${html(section.heading)}</h2>
<table><tbody>
${section.rows.map((row) => `<tr data-row="${html(row.id)}"><th scope="row">${html(row.label)}</th><td>${html(row.value)}</td></tr>`).join('\n')}
</tbody></table>
</section>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="${secci.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(secci.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${html(secci.title)}</h1>
<p class="lender">${html(secci.lender.name)}</p>
<p class="keep">${html(t.keep)}</p>
</header>
${secci.credit_warning ? `<p class="warning" lang="fr">${html(secci.credit_warning)}</p>` : ''}
${sections}
<footer><p>${html(t.generated.replace('{date}', generated))}</p></footer>
</main>
</body>
</html>
`
}
