import { init } from './0001-init.ts'
import type { Migration } from './migration.ts'

/** Every migration, in the order it is applied. Append only. */
export const MIGRATIONS: readonly Migration[] = [init]

export type { Dialect, Migration } from './migration.ts'
