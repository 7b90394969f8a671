import { translate } from '@docusaurus/Translate'
import type SearchBarComponent from '@theme-original/SearchBar'
import { type ComponentProps, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'

type Props = ComponentProps<typeof SearchBarComponent>
type SearchBarType = typeof SearchBarComponent

/** The local search's own bar (autocomplete, worker glue: about 16 KiB brotli), fetched on first use only. */
let loading: Promise<SearchBarType> | undefined
function loadSearchBar(): Promise<SearchBarType> {
  loading ??= import('@theme-original/SearchBar').then((module) => module.default)
  return loading
}

/** Sets an input's value so that React's onChange sees it, as typing would. */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * The navbar's search box. Until the visitor uses it (focus, Ctrl/Cmd+K), it is a plain input of the same
 * look, so a first visit does not carry the search code; hovering it starts fetching that code. Once loaded,
 * the real search bar takes its place with what was typed meanwhile, and keeps the focus.
 */
export default function LazySearchBar(props: Props): ReactNode {
  const [SearchBar, setSearchBar] = useState<SearchBarType | undefined>(undefined)
  const [value, setValue] = useState('')
  /** Whether the placeholder has the focus (Ctrl/Cmd+K, a click, Tab): the real bar takes it over. */
  const focused = useRef(false)
  const container = useRef<HTMLDivElement>(null)
  const placeholder = useRef<HTMLInputElement>(null)
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  })

  const activate = () => {
    void loadSearchBar().then((loaded) => setSearchBar(() => loaded))
  }

  useEffect(() => {
    if (SearchBar) return undefined
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault()
        placeholder.current?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [SearchBar])

  // The hand-over runs in the commit that swaps the inputs, before the browser handles another event: from
  // that commit on, the placeholder is gone, and a key pressed before the real input has the focus is lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the real bar replaces the placeholder
  useLayoutEffect(() => {
    if (!SearchBar) return
    const input = container.current?.querySelector<HTMLInputElement>('input.navbar__search-input')
    if (!input) return
    if (value) typeInto(input, value)
    if (focused.current || value) input.focus()
  }, [SearchBar])

  return (
    <div ref={container} className="plazo-search">
      {SearchBar ? (
        <SearchBar {...props} />
      ) : (
        <div className="navbar__search">
          <input
            ref={placeholder}
            className="navbar__search-input"
            placeholder={label}
            aria-label={label}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onFocus={() => {
              focused.current = true
              activate()
            }}
            onBlur={() => {
              focused.current = false
            }}
            onMouseEnter={() => void loadSearchBar()}
          />
        </div>
      )}
    </div>
  )
}
