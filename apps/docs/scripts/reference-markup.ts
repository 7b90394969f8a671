/**
 * Finishes the prerendered API references in the build (both locales), so a reader's browser has less to do:
 * - the accessibility gaps of Redoc's markup are completed here once (src/lib/redoc-markup/accessibility.ts)
 *   instead of by a pass over the whole reference in every visitor's browser;
 * - the JSON samples are served compact (compact-json-samples.ts): Redoc's collapsible viewer spent about
 *   six elements on each line of a sample, and kept the lines of its collapsed objects in the page, hidden,
 *   about two thirds of a reference's elements. Redoc renders its own viewer once the reference is
 *   interactive (src/theme/Redoc);
 * - what follows the first operation is marked to be shown part by part once the page has loaded
 *   (src/lib/redoc-markup/deferred-sections.ts).
 * Only the inside of the reference's <main class="plazo-redoc"> is rewritten; the rest of each page stays
 * byte for byte as Docusaurus wrote it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createDocument } from '@mixmark-io/domino'
import { apiReferences } from '../api-references.ts'
import { completeAccessibility } from '../src/lib/redoc-markup/accessibility.ts'
import { deferSections } from '../src/lib/redoc-markup/deferred-sections.ts'
import { compactJsonSamples } from './compact-json-samples.ts'

const MAIN_START = /<main class=("?)plazo-redoc\1 data-interactive=("?)false\2>/

/** The label of the example pickers, as src/theme/Redoc translates it. */
function exampleLabel(siteDir: string, locale: 'en' | 'es'): string {
  if (locale === 'en') return 'Example'
  const messages = JSON.parse(readFileSync(join(siteDir, 'i18n/es/code.json'), 'utf8')) as Record<
    string,
    { message: string } | undefined
  >
  const label = messages['plazo.redoc.exampleLabel']?.message
  if (!label) throw new Error('i18n/es/code.json has no plazo.redoc.exampleLabel')
  return label
}

/** The page with its reference finished; throws if the page has no prerendered reference where expected. */
export function finishReferencePage(html: string, label: string): string {
  const start = MAIN_START.exec(html)
  if (!start) throw new Error('no prerendered reference (<main class="plazo-redoc">) in the page')
  const innerStart = start.index + start[0].length
  const innerEnd = html.indexOf('</main>', innerStart)
  if (innerEnd < 0 || html.slice(innerStart, innerEnd).includes('<main'))
    throw new Error('the prerendered reference does not end where expected')
  const document = createDocument(`<main>${html.slice(innerStart, innerEnd)}</main>`)
  const main = document.querySelector('main')
  if (!main) throw new Error('the prerendered reference could not be parsed')
  completeAccessibility(main, label)
  compactJsonSamples(main)
  deferSections(main)
  return html.slice(0, innerStart) + main.innerHTML + html.slice(innerEnd)
}

/** Finishes every reference page of the build; returns how many it rewrote. */
export function finishReferencePages(buildDir: string, siteDir: string): number {
  let pages = 0
  for (const locale of ['en', 'es'] as const) {
    const label = exampleLabel(siteDir, locale)
    for (const reference of apiReferences) {
      const file = join(buildDir, locale === 'en' ? '' : 'es', reference.route, 'index.html')
      writeFileSync(file, finishReferencePage(readFileSync(file, 'utf8'), label))
      pages++
    }
  }
  return pages
}
