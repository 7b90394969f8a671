/**
 * Whether the app has started a client-side navigation since the page loaded. Until then, a component
 * rendering in the browser is hydrating the prerendered page (possibly late, inside a Suspense boundary,
 * when `useIsBrowser()` already says true); afterwards it renders a new page.
 */
let navigated = false

export function markClientNavigation(): void {
  navigated = true
}

export function isHydratingInitialPage(): boolean {
  return typeof window !== 'undefined' && !navigated
}
