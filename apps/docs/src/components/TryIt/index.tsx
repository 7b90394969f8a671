import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import clsx from 'clsx'
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import {
  loadReferenceSpec,
  type OpenApiDocument,
  operationIdsOf,
  type ReferenceSpecProps,
} from '../../lib/reference-document.ts'
import type { ConsoleProps } from './Console.tsx'
import styles from './toggle.module.css'

/**
 * A Try it button under the heading of every operation Redoc renders (a section with id
 * `operation/<operationId>`), opening that operation's console. This is all a reference page loads; the
 * console itself (its form, the schema checker, Ajv) and the OpenAPI document it reads are fetched when one is
 * first opened.
 *
 * The buttons are not in the prerendered page: they are added after hydration, into the prerendered markup
 * first and again into Redoc's own once it takes over on the visitor's first interaction
 * (src/theme/Redoc). Each operation keeps one host element, moved into whatever section is current, so an
 * open console keeps its state when Redoc replaces the markup around it.
 */

let consoleModule: Promise<ComponentType<ConsoleProps>> | undefined
function loadConsole(): Promise<ComponentType<ConsoleProps>> {
  consoleModule ??= import('./Console.tsx').then(
    (module) => module.default,
    (error: unknown) => {
      consoleModule = undefined
      throw error
    },
  )
  return consoleModule
}

interface SlotProps {
  operationId: string
  reference: ReferenceSpecProps
  label: string
}

interface Loaded {
  Console: ComponentType<ConsoleProps>
  spec: OpenApiDocument
}

function Slot({ operationId, reference, label }: SlotProps): ReactNode {
  const { i18n } = useDocusaurusContext()
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<Loaded>()
  const [failed, setFailed] = useState<string>()
  const consoleId = `try-it-${operationId}`

  const toggle = () => {
    setOpen(!open)
    if (open || loaded) return
    setFailed(undefined)
    Promise.all([loadConsole(), loadReferenceSpec(reference)]).then(
      ([Console, spec]) => setLoaded({ Console, spec }),
      (error: unknown) => setFailed(String((error as Error)?.message ?? error)),
    )
  }

  return (
    <>
      <button
        type="button"
        className={clsx('button button--sm', open ? 'button--secondary' : 'button--primary', styles.toggle)}
        aria-expanded={open}
        aria-controls={consoleId}
        onClick={toggle}
      >
        {label}
      </button>
      <div id={consoleId} hidden={!open}>
        {open && failed && (
          <p role="alert" className={styles.failed}>
            {failed}
          </p>
        )}
        {loaded && (
          <loaded.Console spec={loaded.spec} operationId={operationId} locale={i18n.currentLocale} />
        )}
      </div>
    </>
  )
}

/** Puts each host right under its operation's heading, wherever Redoc's current markup has it. */
function placeHosts(ids: ReadonlySet<string>, hosts: Map<string, HTMLElement>): boolean {
  let added = false
  for (const section of document.querySelectorAll<HTMLElement>('.plazo-redoc [id^="operation/"]')) {
    const operationId = section.id.slice('operation/'.length)
    const heading = section.querySelector('h2')
    if (!ids.has(operationId) || !heading) continue
    let host = hosts.get(operationId)
    if (!host) {
      host = document.createElement('div')
      host.className = styles.slot ?? ''
      hosts.set(operationId, host)
      added = true
    }
    if (heading.nextElementSibling !== host) heading.after(host)
  }
  return added
}

export default function TryItOperations({ reference }: { reference: ReferenceSpecProps }): ReactNode {
  const { i18n } = useDocusaurusContext()
  const label = i18n.currentLocale === 'es' ? 'Pruébalo' : 'Try it'
  const hosts = useRef(new Map<string, HTMLElement>())
  const [placed, setPlaced] = useState<ReadonlyArray<[string, HTMLElement]>>([])

  useEffect(() => {
    const ids = new Set(operationIdsOf(reference))
    const map = hosts.current
    let frame = 0
    const place = () => {
      frame = 0
      if (placeHosts(ids, map)) setPlaced([...map.entries()])
    }
    place()
    // Redoc replaces the prerendered markup on the first interaction, and renders after a client-side
    // navigation: put the hosts back each time (at most once a frame).
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(place)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
      for (const host of map.values()) host.remove()
      map.clear()
    }
  }, [reference])

  return placed.map(([operationId, host]) =>
    createPortal(<Slot operationId={operationId} reference={reference} label={label} />, host, operationId),
  )
}
