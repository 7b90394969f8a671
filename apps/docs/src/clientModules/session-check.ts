import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment'

/** The gate server's session endpoint (apps/docs/server): tells whether this browser's session is valid. */
const SESSION_PATH = '/__gate/session'

/**
 * The session cookie is HttpOnly, so the page asks the gate server on load whether it is still logged in.
 * A page restored from the browser's cache after the session ended reloads, and the gate answers with the
 * login screen. Without a gate (`docusaurus start` during development) the endpoint does not exist and
 * nothing happens.
 */
async function checkSession(): Promise<void> {
  try {
    const response = await fetch(SESSION_PATH, { credentials: 'same-origin', cache: 'no-store' })
    if (!response.ok) return
    const body = (await response.json()) as { authenticated?: unknown }
    if (body.authenticated === false) window.location.reload()
  } catch {
    // Offline or no gate: keep showing what is on screen.
  }
}

if (ExecutionEnvironment.canUseDOM) {
  void checkSession()
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void checkSession()
  })
}
