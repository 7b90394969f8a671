import { EventEmitter } from 'node:events'

// Told, in this process, when a SQLite transaction that wrote events has committed, so that a running delivery
// worker claims them at once instead of at its next poll. On PostgreSQL the same news travels by NOTIFY to every
// node (see announceDueEvents and DeliveryWorker.start); the poll stays as the safety net of both.
const signal = new EventEmitter()
// One listener per running worker; a test process may start many.
signal.setMaxListeners(0)

const COMMITTED = 'committed'

/** PostgreSQL channel on which a committed transaction that wrote events tells every node's worker. */
export const EVENTS_CHANNEL = 'plazo_events'

export function signalEventsCommitted(): void {
  signal.emit(COMMITTED)
}

/** Calls `listener` after each commit of events in this process; returns the call that stops it. */
export function onEventsCommitted(listener: () => void): () => void {
  signal.on(COMMITTED, listener)
  return () => {
    signal.off(COMMITTED, listener)
  }
}
