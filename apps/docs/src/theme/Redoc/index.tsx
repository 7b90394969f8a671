import { translate } from '@docusaurus/Translate'
import useIsBrowser from '@docusaurus/useIsBrowser'
import ReferenceDownloads from '@site/src/components/ReferenceDownloads'
import Loading from '@theme/Loading'
import type Redoc from '@theme-original/Redoc'
import {
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react'
import { isHydratingInitialPage } from '../../lib/navigation-state.ts'
import { loadRedoc, preloadedRedoc } from '../../lib/redoc-loader/index.ts'

type Props = ComponentProps<typeof Redoc>

/** What counts as the visitor starting to use the reference. */
const ACTIVATION_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'focusin',
  'wheel',
  'touchstart',
  'scroll',
] as const

/**
 * Gaps in Redoc's markup, completed in place, in the prerendered markup and in whatever Redoc renders
 * later: the example pickers are unlabelled <select>s; its section headings are <h5> right under the
 * operation's <h2>; a sample's scroll box cannot be reached by keyboard (it becomes a focusable group
 * named by its tab); and example values that are URLs (shop.example.com, the sandbox's localhost) are
 * made links that lead nowhere (they become the plain strings they are).
 */
function completeAccessibility(root: HTMLElement, exampleLabel: string): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select.dropdown-select:not([aria-label])')) {
    select.setAttribute('aria-label', exampleLabel)
  }
  for (const heading of root.querySelectorAll<HTMLHeadingElement>('h5:not([aria-level])')) {
    heading.setAttribute('aria-level', '3')
  }
  for (const sample of root.querySelectorAll<HTMLElement>(
    '[role=tabpanel] .redoc-json, [role=tabpanel] pre',
  )) {
    const box = sample.matches('pre') ? sample : sample.parentElement
    const tab = sample.closest('[role=tabpanel]')?.getAttribute('aria-labelledby')
    if (!box || box.hasAttribute('tabindex') || !tab) continue
    box.setAttribute('tabindex', '0')
    box.setAttribute('role', 'group')
    box.setAttribute('aria-labelledby', tab)
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.redoc-json a')) {
    const value = document.createElement('span')
    value.className = 'token string'
    value.textContent = link.textContent
    link.replaceWith(value)
  }
}

/**
 * The API references are large (thousands of elements styled at run time), and hydrating one at load
 * blocks the main thread for seconds on a phone. The prerendered reference is complete and readable, so it
 * is left as it is, and Redoc's own script (over 1 MiB) is only fetched and run when the visitor first
 * moves, scrolls, touches or types. A client-side navigation to a reference loads it at once. (No Suspense
 * or React.lazy here: React would stream a large boundary out of line and reveal it only by script.)
 */
export default function RedocWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser()
  const [active, setActive] = useState(() => !isHydratingInitialPage())
  const [Component, setComponent] = useState<ComponentType<Props> | undefined>(() => preloadedRedoc)
  // While hydrating, the placeholder repeats the prerendered markup, so React finds what it expects and
  // leaves the reference on screen untouched. One object for the life of the page: React 19 sets innerHTML
  // again whenever the dangerouslySetInnerHTML object changes identity, and the page re-renders once
  // hydrated (useIsBrowser), which re-parsed and laid out the whole reference again (~300 ms on a phone).
  const [prerendered] = useState(() => ({
    __html: active ? '' : (document.querySelector('.plazo-redoc[data-interactive="false"]')?.innerHTML ?? ''),
  }))

  const container = useRef<HTMLElement>(null)
  const exampleLabel = translate({ id: 'plazo.redoc.exampleLabel', message: 'Example' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the container appears once Redoc has loaded
  useEffect(() => {
    const root = container.current
    if (!root) return undefined
    completeAccessibility(root, exampleLabel)
    const observer = new MutationObserver(() => completeAccessibility(root, exampleLabel))
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [exampleLabel, active, Component])

  useEffect(() => {
    if (!active || Component) return undefined
    let current = true
    loadRedoc().then(
      (loaded) => {
        if (current) startTransition(() => setComponent(() => loaded))
      },
      // The prerendered reference stays readable; only its interactive parts are missing.
      (error: unknown) => console.warn('The API reference could not be made interactive.', error),
    )
    return () => {
      current = false
    }
  }, [active, Component])

  useEffect(() => {
    if (active) return undefined
    // A transition: a click that follows the first move at once (a Try it button, a tab) must land on the
    // prerendered markup it was aimed at, not be cut in two by Redoc replacing that markup under the pointer,
    // which a discrete event would otherwise force within its own dispatch.
    const activate = () => startTransition(() => setActive(true))
    for (const event of ACTIVATION_EVENTS)
      window.addEventListener(event, activate, { once: true, passive: true })
    return () => {
      for (const event of ACTIVATION_EVENTS) window.removeEventListener(event, activate)
    }
  }, [active])

  // Until Redoc's script is there, the prerendered markup stays (or, after a navigation, a spinner).
  if (!active || !Component) {
    if (active && !prerendered.__html)
      return <Loading isLoading pastDelay timedOut={false} error={null} retry={() => {}} />
    return (
      <>
        <ReferenceDownloads />
        <main
          ref={container}
          className="plazo-redoc"
          data-interactive="false"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own prerendered markup, see above
          dangerouslySetInnerHTML={prerendered}
          suppressHydrationWarning
        />
      </>
    )
  }
  // The reference is the page's main content (the theme's layout has no <main> around it).
  return (
    <>
      <ReferenceDownloads />
      <main ref={container} className="plazo-redoc" data-interactive={isBrowser ? 'true' : 'false'}>
        <Component {...props} />
      </main>
    </>
  )
}
