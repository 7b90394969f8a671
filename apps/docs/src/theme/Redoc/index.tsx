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
import { whenIdle } from '../../lib/idle.ts'
import { isHydratingInitialPage } from '../../lib/navigation-state.ts'
import { loadRedoc, preloadedRedoc } from '../../lib/redoc-loader/index.ts'
import { completeAccessibility } from '../../lib/redoc-markup/accessibility.ts'
import { revealDeferredSections } from '../../lib/redoc-markup/deferred-sections.ts'
import { loadReferenceSpec, type ReferenceSpecProps } from '../../lib/reference-document.ts'

type Props = ComponentProps<typeof Redoc>

/**
 * What counts as the visitor starting to use the reference. Not `scroll`: the page scrolls on its own too
 * (the browser keeps a #fragment's target in view while the page's later parts are shown, and so does
 * src/lib/redoc-markup/deferred-sections.ts); every way a reader scrolls starts with one of these.
 */
const ACTIVATION_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'wheel', 'touchstart'] as const

/**
 * The prerendered reference's markup, read from the page only when React asks for it, and only once: React
 * reads `__html` on every render of the element (to tell text content from children), and each read
 * serialized the whole reference again (about 5 ms each on this machine, 20 on a phone).
 */
function prerenderedMarkup(): { readonly __html: string } {
  let markup: string | undefined
  return {
    get __html() {
      markup ??= document.querySelector('.plazo-redoc[data-interactive="false"]')?.innerHTML ?? ''
      return markup
    },
  }
}

/**
 * The API references are large (thousands of elements styled at run time), and hydrating one at load
 * blocks the main thread for seconds on a phone. The prerendered reference is complete and readable, so it
 * is left as it is, and Redoc's own script (over 1 MiB) and the OpenAPI document are only fetched and run
 * when the visitor first moves the pointer, turns the wheel, touches or types. A client-side navigation to a
 * reference loads them at once. (No Suspense or React.lazy here: React would stream a large boundary out of
 * line and reveal it only by script.)
 */
export default function RedocWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser()
  const [active, setActive] = useState(() => !isHydratingInitialPage())
  const [Component, setComponent] = useState<ComponentType<Props> | undefined>(() => preloadedRedoc)
  // The OpenAPI document: the server bundle has it; the browser loads it with Redoc (reference-document.ts).
  const { spec: prerenderedSpec, loadSpec } = props as ReferenceSpecProps
  const [spec, setSpec] = useState(() => prerenderedSpec)
  // While hydrating, the placeholder stands for the prerendered markup, so React finds what it expects and
  // leaves the reference on screen untouched. React never sets this markup while it hydrates; it only checks
  // that there is some, which serializes it once (prerenderedMarkup). One object for the life of the page: React
  // 19 sets innerHTML again whenever the dangerouslySetInnerHTML object changes identity, and the page
  // re-renders once hydrated (useIsBrowser), which re-parsed and laid out the whole reference again (~300 ms
  // on a phone).
  const [prerendered] = useState(() => (active ? undefined : prerenderedMarkup()))

  const container = useRef<HTMLElement>(null)
  const exampleLabel = translate({ id: 'plazo.redoc.exampleLabel', message: 'Example' })
  // The prerendered reference was completed when the site was built (scripts/reference-markup.ts); Redoc's
  // own renders are completed as they appear, later ones in one pass once they settle (an idle moment).
  useEffect(() => {
    const root = container.current
    if (!root || !active || !Component) return undefined
    completeAccessibility(root, exampleLabel)
    let cancel = () => {}
    const observer = new MutationObserver(() => {
      cancel()
      cancel = whenIdle(() => completeAccessibility(root, exampleLabel))
    })
    observer.observe(root, { childList: true, subtree: true })
    return () => {
      cancel()
      observer.disconnect()
    }
  }, [exampleLabel, active, Component])

  // The prerendered reference's later parts are shown one by one once loaded (deferred-sections.ts).
  useEffect(() => {
    const root = container.current
    if (!root || active) return undefined
    return revealDeferredSections(root)
  }, [active])

  useEffect(() => {
    if (!active || Component) return undefined
    let current = true
    Promise.all([loadRedoc(), loadReferenceSpec({ spec: prerenderedSpec, loadSpec })]).then(
      ([loaded, openApi]) => {
        if (!current) return
        startTransition(() => {
          setSpec(openApi)
          setComponent(() => loaded)
        })
      },
      // The prerendered reference stays readable; only its interactive parts are missing.
      (error: unknown) => console.warn('The API reference could not be made interactive.', error),
    )
    return () => {
      current = false
    }
  }, [active, Component, prerenderedSpec, loadSpec])

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

  // Until Redoc's script and the document are there, the prerendered markup stays (or, after a navigation, a spinner).
  if (!active || !Component || !spec) {
    if (!prerendered) return <Loading isLoading pastDelay timedOut={false} error={null} retry={() => {}} />
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
        <Component {...props} spec={spec as Props['spec']} />
      </main>
    </>
  )
}
