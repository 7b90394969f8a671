import { translate } from '@docusaurus/Translate'
import useIsBrowser from '@docusaurus/useIsBrowser'
import Loading from '@theme/Loading'
import type Redoc from '@theme-original/Redoc'
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react'
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
 * Redoc's markup has two accessibility gaps: the example pickers are unlabelled <select>s, and its
 * section headings are <h5> right under the operation's <h2>. Both are completed in place, in the
 * prerendered markup and in whatever Redoc renders later.
 */
function completeAccessibility(root: HTMLElement, exampleLabel: string): void {
  for (const select of root.querySelectorAll<HTMLSelectElement>('select.dropdown-select:not([aria-label])')) {
    select.setAttribute('aria-label', exampleLabel)
  }
  for (const heading of root.querySelectorAll<HTMLHeadingElement>('h5:not([aria-level])')) {
    heading.setAttribute('aria-level', '3')
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
  const [Component, setComponent] = useState<typeof Redoc | undefined>(() => preloadedRedoc)
  // While hydrating, the placeholder repeats the prerendered markup, so React finds what it expects and
  // leaves the reference on screen untouched.
  const [prerendered] = useState(() =>
    active ? '' : (document.querySelector('.plazo-redoc[data-interactive="false"]')?.innerHTML ?? ''),
  )

  const container = useRef<HTMLDivElement>(null)
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
        if (current) setComponent(() => loaded)
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
    const activate = () => setActive(true)
    for (const event of ACTIVATION_EVENTS)
      window.addEventListener(event, activate, { once: true, passive: true })
    return () => {
      for (const event of ACTIVATION_EVENTS) window.removeEventListener(event, activate)
    }
  }, [active])

  // Until Redoc's script is there, the prerendered markup stays (or, after a navigation, a spinner).
  if (!active || !Component) {
    if (active && !prerendered)
      return <Loading isLoading pastDelay timedOut={false} error={null} retry={() => {}} />
    return (
      <div
        ref={container}
        className="plazo-redoc"
        data-interactive="false"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own prerendered markup, see above
        dangerouslySetInnerHTML={{ __html: prerendered }}
        suppressHydrationWarning
      />
    )
  }
  return (
    <div ref={container} className="plazo-redoc" data-interactive={isBrowser ? 'true' : 'false'}>
      <Component {...props} />
    </div>
  )
}
