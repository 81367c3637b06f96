import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './database';

const dialect = new PgDialect();

/** The rows of a raw statement, whichever driver is behind the database. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export type PreparedSql<Row> = (db: Db | Tx, values: Record<string, unknown>) => Promise<Row[]>;

/**
 * A raw statement (with `sql.placeholder(...)` parameters) that runs as a named prepared
 * statement: its SQL is built once here, and PostgreSQL parses and plans it once per connection
 * instead of on every call. Worth it for the statements every bet runs; PGlite runs it as is.
 */
export function preparedSql<Row>(name: string, statement: SQL): PreparedSql<Row> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) =>
    rowsOf<Row>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}
