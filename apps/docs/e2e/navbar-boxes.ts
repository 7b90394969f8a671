import type { Page } from 'playwright-core'

/** What the header shows, item by item, as the browser laid it out. */
export interface HeaderItem {
  /** What the item is: the brand, a left-hand navbar item, one of the right-hand controls, or the menu button. */
  kind: 'menu' | 'brand' | 'left' | 'locale' | 'colour-mode' | 'search' | 'logout' | 'other'
  /** Its text or accessible name, for the failure messages. */
  name: string
  left: number
  right: number
  top: number
  bottom: number
  /** Lines its text takes (1 when it does not wrap; 0 for an icon). */
  lines: number
  /** Whether its content is wider than its box (text cut or clipped with an ellipsis). */
  clipped: boolean
}

export interface HeaderLayout {
  viewportWidth: number
  bar: { left: number; right: number; top: number; bottom: number }
  brandText: string
  items: HeaderItem[]
}

/** The boxes of every visible item of the navbar, in the page as it is now. */
export async function measureHeader(page: Page): Promise<HeaderLayout> {
  // Run under tsx (esbuild's keepNames), the function below calls __name(); the page has no such helper.
  await page.evaluate('globalThis.__name ??= (fn) => fn')
  return page.evaluate(() => {
    const inner = document.querySelector('.navbar__inner')
    if (!inner) throw new Error('no navbar')
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'
    }
    /** The distinct line boxes of an element's text (its text nodes only: an icon's parts are no lines). */
    const lineCount = (element: Element) => {
      const bottoms: number[] = []
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) {
          if (rect.width < 1 || rect.height < 1) continue
          if (!bottoms.some((bottom) => Math.abs(bottom - rect.bottom) < rect.height / 2))
            bottoms.push(rect.bottom)
        }
      }
      return bottoms.length
    }
    /** The header's items: the children of both item lists, looking through wrappers that lay out nothing. */
    const children = (list: Element): Element[] =>
      [...list.children].flatMap((child) =>
        getComputedStyle(child).display === 'contents' ? children(child) : [child],
      )
    const kindOf = (element: Element, side: 'left' | 'right'): HeaderItem['kind'] => {
      if (element.matches('.navbar__toggle')) return 'menu'
      if (element.matches('.navbar__brand')) return 'brand'
      if (element.matches('.navbar__search') || element.querySelector('.navbar__search')) return 'search'
      if (
        element.querySelector('button[class*="toggleButton"]') ||
        element.matches('[class*="colorModeToggle"]')
      )
        return 'colour-mode'
      if (
        element.querySelector('form[action$="/__gate/logout"]') ||
        element.matches('form[action$="/__gate/logout"]')
      )
        return 'logout'
      if (element.matches('.dropdown') && element.querySelector('a[lang]')) return 'locale'
      return side === 'left' ? 'left' : 'other'
    }
    const items: HeaderItem[] = []
    const lists = [...inner.querySelectorAll(':scope > .navbar__items')]
    for (const list of lists) {
      const side = list.matches('.navbar__items--right') ? 'right' : 'left'
      for (const element of children(list)) {
        if (!visible(element)) continue
        const rect = element.getBoundingClientRect()
        const kind = kindOf(element, side)
        // The brand's title is what gets cut ("Plaz…"), and a link's label what wraps.
        const textual = element.querySelector('.navbar__title, .navbar__link') ?? element
        // (Not a dropdown's own box: its hidden menu may be wider than its label, and is not cut.)
        const clipped = [kind === 'brand' ? element : textual, textual].some(
          (node) => node.scrollWidth > node.clientWidth + 1,
        )
        items.push({
          kind,
          name:
            element.querySelector('input')?.getAttribute('aria-label') ||
            (textual.textContent ?? '').trim() ||
            (element.querySelector('[aria-label]')?.getAttribute('aria-label') ?? element.tagName),
          left: rect.left,
          right: rect.right,
          top: rect.top,
          bottom: rect.bottom,
          lines: lineCount(textual),
          clipped,
        })
      }
    }
    const bar = document.querySelector('.navbar')?.getBoundingClientRect() ?? inner.getBoundingClientRect()
    return {
      viewportWidth: document.documentElement.clientWidth,
      bar: { left: bar.left, right: bar.right, top: bar.top, bottom: bar.bottom },
      brandText: document.querySelector('.navbar__brand')?.textContent?.trim() ?? '',
      items,
    }
  })
}

/** Everything wrong with a header layout: wrapped, cut or overlapping items, items outside the bar or window. */
export function headerProblems(layout: HeaderLayout): string[] {
  const problems: string[] = []
  const tolerance = 0.5
  for (const item of layout.items) {
    if (item.lines > 1) problems.push(`"${item.name}" wraps onto ${item.lines} lines`)
    if (item.clipped) problems.push(`"${item.name}" is cut`)
    if (item.top < layout.bar.top - tolerance || item.bottom > layout.bar.bottom + tolerance)
      problems.push(
        `"${item.name}" sticks out of the bar (${Math.round(item.top)}–${Math.round(item.bottom)})`,
      )
    if (item.left < -tolerance || item.right > layout.viewportWidth + tolerance)
      problems.push(
        `"${item.name}" is outside the window (${Math.round(item.left)}–${Math.round(item.right)})`,
      )
  }
  for (const [index, a] of layout.items.entries()) {
    for (const b of layout.items.slice(index + 1)) {
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left)
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (width > tolerance && height > tolerance) problems.push(`"${a.name}" and "${b.name}" overlap`)
    }
  }
  return problems
}
