/**
 * Gaps in Redoc's markup, completed in place: in the prerendered reference when the site is built
 * (scripts/reference-markup.ts) and in whatever Redoc renders in the browser later (src/theme/Redoc): the
 * example pickers are unlabelled <select>s; its section headings are <h5> right under the operation's <h2>;
 * a sample's scroll box cannot be reached by keyboard (it becomes a focusable group named by its tab); and
 * example values that are URLs (shop.example.com, the sandbox's localhost) are made links that lead nowhere
 * (they become the plain strings they are). Only DOM methods that domino (the build's DOM) has too.
 */
export function completeAccessibility(root: Element, exampleLabel: string): void {
  for (const select of Array.from(root.querySelectorAll('select.dropdown-select:not([aria-label])'))) {
    select.setAttribute('aria-label', exampleLabel)
  }
  for (const heading of Array.from(root.querySelectorAll('h5:not([aria-level])'))) {
    heading.setAttribute('aria-level', '3')
  }
  for (const sample of Array.from(
    root.querySelectorAll('[role=tabpanel] .redoc-json, [role=tabpanel] pre'),
  )) {
    const box = sample.matches('pre') ? sample : sample.parentElement
    const tab = sample.closest('[role=tabpanel]')?.getAttribute('aria-labelledby')
    if (!box || box.hasAttribute('tabindex') || !tab) continue
    box.setAttribute('tabindex', '0')
    box.setAttribute('role', 'group')
    box.setAttribute('aria-labelledby', tab)
  }
  for (const link of Array.from(root.querySelectorAll('.redoc-json a'))) {
    const value = root.ownerDocument.createElement('span')
    value.className = 'token string'
    value.textContent = link.textContent
    link.parentNode?.replaceChild(value, link)
  }
}
