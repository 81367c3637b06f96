import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as every module sees it, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel: `onMessage` gets every NOTIFY payload sent to it by any connection (any
   * server instance on the same database). Resolves to the unsubscribe.
   */
  listen: Listen;
  close: () => Promise<void>;
}

export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
) => Promise<() => Promise<void>>;

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Another migrations folder (tests of a migration start from an older one). */
  migrationsFolder?: string;
  /**
   * False in a cluster worker on PostgreSQL: the primary ran the migrations before forking, so
   * the workers do not queue on the migration lock. PGlite (one process) always migrates.
   */
  migrate?: boolean;
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in dataDir, and runs the migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrations = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.migrate === false ? null : migrations,
        options.poolSize,
      )
    : openPglite(options.dataDir, migrations);
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<Database> {
  const lock = DataDirLock.acquire(dataDir);
  try {
    const pgDir = path.join(dataDir, 'pglite');
    fs.mkdirSync(pgDir, { recursive: true }); // PGlite does not create parent folders
    const client = await PGlite.create(pgDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      listen: (channel, onMessage) => client.listen(channel, onMessage),
      close: async () => {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(
  url: string,
  migrationsFolder: string | null,
  poolSize = 20,
): Promise<Database> {
  // No idle timeout: a server keeps its few connections, and pg-pool would otherwise arm a timer
  // on every release (three per bet).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // An idle connection that PostgreSQL ends (a restart, an admin's kill) must not crash the
  // server: the pool drops it and opens a new one for the next query.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  try {
    if (migrationsFolder !== null) await migratePostgres(pool, migrationsFolder);
    await db.execute(sql`SELECT 1`);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const listen: Listen = async (channel, onMessage) => {
    // A connection of its own, held for as long as the channel is listened to.
    const listener = await pool.connect();
    const forward = (message: pg.Notification) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    };
    listener.on('notification', forward);
    listener.on('error', (error) => console.error(`LISTEN ${channel}: ${error.message}`));
    await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    return async () => {
      listener.off('notification', forward);
      await listener.query(`UNLISTEN "${channel.replace(/"/g, '')}"`).catch(() => undefined);
      listener.release();
    };
  };
  return { db: db as unknown as Db, kind: 'postgres', listen, close: () => pool.end() };
}

/** Several instances may start at once: one runs the migrations, the others wait for it. */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}
