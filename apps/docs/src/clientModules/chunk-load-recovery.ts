import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment'
import type { ClientModule } from '@docusaurus/types'
import {
  clearReloadAttempt,
  errorText,
  isChunkLoadError,
  markReloadAttempt,
  reloadOnce,
} from '../lib/chunk-reload.ts'

/**
 * On the first load Docusaurus preloads the route's chunks before it renders anything, and a failure there
 * is an unhandled rejection that leaves the page without its app. Reload once; if it fails again, show the
 * error with a Retry button over the prerendered page.
 */
function showFallback(error: unknown): void {
  if (document.getElementById('plazo-chunk-error')) return
  const spanish = document.documentElement.lang.startsWith('es')
  const box = document.createElement('div')
  box.id = 'plazo-chunk-error'
  box.setAttribute('role', 'alert')
  box.className = 'plazo-chunk-error'
  const text = document.createElement('p')
  text.textContent = errorText(error)
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button button--primary'
  button.textContent = spanish ? 'Reintentar' : 'Retry'
  button.addEventListener('click', () => window.location.reload())
  box.append(text, button)
  document.body.append(box)
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    // Only the first load: afterwards the router handles failed navigations and hover preloads may fail
    // harmlessly.
    if (window.docusaurusRoot !== undefined || !isChunkLoadError(event.reason)) return
    if (!reloadOnce(event.reason)) showFallback(event.reason)
  })
}

export const onRouteUpdate: ClientModule['onRouteUpdate'] = ({ location, previousLocation }) => {
  // A client navigation whose chunks fail makes Docusaurus warn and reload the page itself; count that
  // reload as the one allowed for this path.
  if (previousLocation && previousLocation.pathname !== location.pathname)
    markReloadAttempt(location.pathname)
}

export const onRouteDidUpdate: ClientModule['onRouteDidUpdate'] = () => {
  clearReloadAttempt()
}
