import type { Engine } from '../types.ts'

/** The few places where SQLite and PostgreSQL spell a column differently. */
export interface Dialect {
  engine: Engine
  /** An integer primary key the database numbers itself, in insertion order. */
  serialPrimaryKey: string
  /**
   * A text column that compares and sorts byte by byte, as SQLite does. PostgreSQL would otherwise use the
   * database's locale (en_US sorts 'a' before 'B'), and the same ORDER BY would answer differently.
   */
  text: string
}

export const DIALECTS: Record<Engine, Dialect> = {
  sqlite: { engine: 'sqlite', serialPrimaryKey: 'INTEGER PRIMARY KEY AUTOINCREMENT', text: 'TEXT' },
  postgres: {
    engine: 'postgres',
    serialPrimaryKey: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
    text: 'TEXT COLLATE "C"',
  },
}

/**
 * One schema change. `sql` returns the statements for an engine; write them once in the common subset and use
 * the dialect only where the engines differ. A migration that has been applied somewhere is never edited:
 * its checksum is recorded and a changed migration stops start-up. Add a new file with the next version.
 */
export interface Migration {
  version: number
  name: string
  sql(dialect: Dialect): string
}
