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
import { reconnectDelayMs } from '../reconnectDelay';
import { DataDirLock } from './lock';
import * as schema from './schema';
import { REPO_ROOT } from '../repoRoot';

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

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'server', 'db', 'migrations');

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

/** Where the embedded PGlite keeps its files inside DATA_DIR. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<Database> {
  const lock = DataDirLock.acquire(dataDir);
  try {
    const pgDir = pgliteFolder(dataDir);
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
  const listen = sharedListener(pool);
  return { db: db as unknown as Db, kind: 'postgres', listen, close: () => pool.end() };
}

/**
 * LISTEN for every channel of a process on one connection of its own, held while any channel is
 * listened to. PostgreSQL wakes every listening connection of the database for each NOTIFY,
 * whatever its channel: one connection per channel would be woken once per channel. A connection
 * that PostgreSQL ends (a restart, a failover, an admin's kill) is opened again, with every
 * channel listened to again: what is notified in between is missed (NOTIFY keeps nothing), and
 * the instance hears the rest.
 */
function sharedListener(pool: pg.Pool): Listen {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let connection: Promise<pg.PoolClient> | null = null;
  /** The connection listening now (null while none is open). */
  let current: pg.PoolClient | null = null;
  /** The channels the current connection listens to. */
  const listened = new Set<string>();
  let retries = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /** LISTEN, UNLISTEN and the release, one after another. */
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };
  const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;
  const deliver = (message: pg.Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
  };
  const letGo = (client: pg.PoolClient, broken?: Error) => {
    client.off('notification', deliver);
    client.off('error', onError);
    client.off('end', onEnd);
    if (current === client) current = null;
    connection = null;
    listened.clear();
    client.release(broken);
  };
  const lost = (client: pg.PoolClient, reason: string) => {
    if (current !== client) return;
    console.error(`LISTEN connection lost (${reason}): listening again`);
    letGo(client, new Error(reason));
    relisten();
  };
  function onError(this: pg.PoolClient, error: Error) {
    lost(this, error.message);
  }
  function onEnd(this: pg.PoolClient) {
    lost(this, 'connection ended');
  }
  const open = async () => {
    const client = await pool.connect();
    client.on('notification', deliver);
    client.on('error', onError);
    client.on('end', onEnd);
    current = client;
    return client;
  };
  const connect = () => {
    connection ??= open().catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  /** The connection, listening to every channel that has a handler and to `more`. */
  const listening = async (more?: string) => {
    const client = await connect();
    for (const channel of more ? [...handlers.keys(), more] : handlers.keys()) {
      if (listened.has(channel)) continue;
      await client.query(`LISTEN ${quoted(channel)}`);
      listened.add(channel);
    }
    return client;
  };
  /** Opens a connection again for the channels still listened to, retrying until one opens. */
  const relisten = () => {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void inTurn(async () => {
        if (!handlers.size) return;
        await listening();
        retries = 0;
      }).catch((error: Error) => {
        retries += 1;
        console.error(`LISTEN: ${error.message}; trying again`);
        if (current) letGo(current, error);
        relisten();
      });
    }, reconnectDelayMs(retries));
    retryTimer.unref();
  };
  return (channel, onMessage) =>
    inTurn(async () => {
      await listening(channel);
      let listeners = handlers.get(channel);
      if (!listeners) handlers.set(channel, (listeners = new Set()));
      listeners.add(onMessage);
      return () =>
        inTurn(async () => {
          listeners.delete(onMessage);
          if (listeners.size || handlers.get(channel) !== listeners) return;
          handlers.delete(channel);
          if (handlers.size) {
            listened.delete(channel);
            await current?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
            return;
          }
          if (retryTimer) clearTimeout(retryTimer);
          retryTimer = null;
          // Back to the pool listening to nothing: its next user would be woken by every NOTIFY.
          await current?.query('UNLISTEN *').catch(() => undefined);
          if (current) letGo(current);
        });
    });
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
