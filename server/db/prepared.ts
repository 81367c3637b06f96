import { is, Placeholder, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg, { type QueryResult } from 'pg';
import type { Db, Tx } from './database';

const dialect = new PgDialect();

/** The rows of a raw statement, whichever driver is behind the database. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export type PreparedSql<Row> = (db: Db | Tx, values: Record<string, unknown>) => Promise<Row[]>;

/** What a node-postgres session queries through: the pool, or a transaction's client. */
interface PgQueryable {
  query: (
    query: pg.Query,
    callback: (error: Error | undefined, result: QueryResult) => void,
  ) => void;
}

/**
 * A raw statement (with `sql.placeholder(...)` parameters) that runs as a named prepared
 * statement: its SQL is built once here, and PostgreSQL parses and plans it once per connection
 * instead of on every call. Worth it for the statements every request or bet runs. On
 * PostgreSQL it goes to node-postgres directly, as a ready Query (Drizzle would build a
 * prepared-query object and its type-parser table on every call, and node-postgres would copy a
 * query config property by property: CPU on the path of every bet); PGlite runs it through
 * Drizzle as is. Rows come with node-postgres' own parsers (a timestamptz is a Date); select
 * timestamps through toDate() so that PGlite's strings read the same.
 */
export function preparedSql<Row>(name: string, statement: SQL): PreparedSql<Row> {
  const query = dialect.sqlToQuery(statement);
  // Each parameter: a placeholder's name, or a value fixed in the statement.
  const params = query.params.map((param): { name: string } | { value: unknown } =>
    is(param, Placeholder) ? { name: String(param.name) } : { value: param },
  );
  return (db, values) => {
    const session = db._.session;
    if (!(session instanceof NodePgSession)) {
      return session
        .prepareQuery(query, undefined, name, false)
        .execute(values)
        .then((result) => rowsOf<Row>(result));
    }
    const ordered = params.map((param) => {
      if (!('name' in param)) return param.value;
      if (!(param.name in values)) throw new Error(`${name}: no value for ${param.name}`);
      return values[param.name];
    });
    const submitted = new pg.Query(query.sql, ordered);
    // A named statement: parsed once per connection (set after construction, which would
    // otherwise copy a config object).
    (submitted as pg.Query & { name: string }).name = name;
    const client = (session as unknown as { client: PgQueryable }).client;
    return new Promise((resolve, reject) =>
      client.query(submitted, (error, result) =>
        error ? reject(error) : resolve(result.rows as Row[]),
      ),
    );
  };
}

/** A timestamp column of a preparedSql row as a Date (node-postgres parses it, PGlite may not). */
export function toDate(value: Date | string): Date;
export function toDate(value: Date | string | null): Date | null;
export function toDate(value: Date | string | null): Date | null {
  return value === null || value instanceof Date ? value : new Date(value);
}

/**
 * Whether statements go to a node-postgres pool (PostgreSQL outside a transaction), where bets of
 * several requests can share a statement; not a transaction's client, nor PGlite.
 */
export function onPostgresPool(db: Db | Tx): db is Db {
  const session = db._.session;
  return (
    session instanceof NodePgSession &&
    (session as unknown as { client: unknown }).client instanceof pg.Pool
  );
}
