import { init } from './0001-init.ts'
import { notifications } from './0002-notifications.ts'
import type { Migration } from './migration.ts'

/** Every migration, in the order it is applied. Append only. */
export const MIGRATIONS: readonly Migration[] = [init, notifications]

export type { Dialect, Migration } from './migration.ts'
