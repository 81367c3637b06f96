import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Database, type Db } from '../../server/db/database';
import { seedPairs } from '../../server/modules/fairness/schema';
import { seedPgliteDataDir } from './pgliteTemplate';
import { confirmLinksTo, mailDirOf, noteMailDir, waitForConfirmToken } from './registration';
import { freePort } from './server';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type DbKind = 'pglite' | 'postgres';

/** A fresh, empty database of the given kind; dispose() removes it. */
export interface TestDatabase {
  kind: DbKind;
  /** DATABASE_URL for the postgres kind; undefined for PGlite. */
  databaseUrl: string | undefined;
  dataDir: string;
  dispose: () => Promise<void>;
}

let postgresProbe: Promise<string | null> | undefined;

/** Null when PostgreSQL answers, else why not. */
export function postgresUnavailable(): Promise<string | null> {
  postgresProbe ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      connectionTimeoutMillis: 3000,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresProbe;
}

/**
 * `empty`: a PGlite folder with nothing in it, as a new install starts (by default the folder
 * holds a copy of the migrated database, seedPgliteDataDir). PostgreSQL's is always an empty
 * database the server migrates.
 */
export async function createTestDatabase(
  kind: DbKind,
  options: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `casino-${kind}-`));
  if (kind === 'pglite') {
    if (!options.empty) await seedPgliteDataDir(dataDir);
    return {
      kind,
      databaseUrl: undefined,
      dataDir,
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `casino_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    databaseUrl: url.toString(),
    dataDir,
    dispose: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  database: Database;
  config: ServerConfig;
  close: () => Promise<void>;
}

/**
 * The real server in-process on a free port (or env.PORT), on the given database. APP_URL is the
 * address the tests reach it at (`http://127.0.0.1:<port>`) unless env sets it; `APP_URL: ''`
 * leaves it unset (the server's default). `logStream` receives the server's log.
 */
export async function startTestApp(
  testDb: TestDatabase,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const port = env.PORT ?? String(await freePort());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // Suites register many users from one IP; tests/integration/rate-limit.test.ts turns them on.
    RATE_LIMITS: 'off',
    DATA_DIR: testDb.dataDir,
    DIST_DIR: path.join(testDb.dataDir, 'no-dist'),
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, database, options);
  const url = await app.listen({ port: config.port, host: '127.0.0.1' });
  noteMailDir(url, config.accounts.mailDir);
  return {
    app,
    url,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Env = Record<string, string>;

export interface AppOnDatabaseOptions {
  /** The server's env (see startTestApp); a function is called in beforeAll on the new database. */
  env?: Env | ((testDb: TestDatabase) => Env | Promise<Env>);
  /** buildApp options, e.g. a logStream. */
  build?: BuildOptions;
  /** Runs on the new database before the server starts on it (to seed an old schema, say). */
  beforeStart?: (testDb: TestDatabase) => Promise<void>;
  /** Start from an empty PGlite folder (createTestDatabase's `empty`), as a new install does. */
  empty?: boolean;
}

/** What appOnDatabase() fills in before the tests; read its members inside them. */
export interface AppOnDatabase {
  testDb: TestDatabase;
  server: TestApp;
  /** A RecordingClient on the server; it keeps its record across restart(). */
  client: RecordingClient;
  /** Stops the server and starts it again on the same database and env; the client follows it. */
  restart: () => Promise<void>;
}

/**
 * A fresh database of the given kind and the real server on it for one describe block (or file):
 * started before its tests, closed after them. Read `suite.server`, `suite.client` and
 * `suite.testDb` inside the tests. A stand-in the server needs (a mail sink, an OAuth provider)
 * goes in beforeAll/afterAll registered before this call, which run before the server starts and
 * after it closes; an `env` function reads it.
 */
export function appOnDatabase(kind: DbKind, options: AppOnDatabaseOptions = {}): AppOnDatabase {
  let env: Env = {};
  const suite = {
    restart: async () => {
      await suite.server.close();
      suite.server = await startTestApp(suite.testDb, env, options.build);
      suite.client = new RecordingClient(suite.server.url, suite.client.bodies);
    },
  } as AppOnDatabase;
  beforeAll(async () => {
    suite.testDb = await createTestDatabase(kind, { empty: options.empty });
    await options.beforeStart?.(suite.testDb);
    env = typeof options.env === 'function' ? await options.env(suite.testDb) : (options.env ?? {});
    suite.server = await startTestApp(suite.testDb, env, options.build);
    suite.client = new RecordingClient(suite.server.url);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.testDb?.dispose();
  });
  return suite;
}

const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
const pgProblem = await postgresUnavailable();
if (pgProblem) {
  if (requirePostgres) {
    throw new Error(
      `REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_DATABASE_URL} is unavailable: ${pgProblem}`,
    );
  }
  console.warn(
    `\n!!! PostgreSQL at ${TEST_DATABASE_URL} is unavailable (${pgProblem}):\n` +
      '!!! SKIPPING the PostgreSQL integration suites. Set TEST_DATABASE_URL or start PostgreSQL.\n',
  );
}

/** The kinds to run a suite on: PGlite always, PostgreSQL when it answers (loudly skipped otherwise). */
export const DB_KINDS: DbKind[] = pgProblem ? ['pglite'] : ['pglite', 'postgres'];

/** describe() once per database kind. */
export function describeEachDatabase(name: string, body: (kind: DbKind) => void): void {
  for (const kind of DB_KINDS) describe(`${name} [${kind}]`, () => body(kind));
}

/** Small HTTP client for tests: JSON in and out, bearer token, status and headers kept. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

let userCounter = 0;
/**
 * Registers a fresh user over HTTP and answers its token: POST /api/register, then the link
 * mailed to the address (read from the server's mail folder: `mailDir`, else the one noted when
 * startTestApp / startServer started the server at `base`), then POST /api/register/confirm.
 */
export async function registerUser(
  base: string,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    referral_code: string;
    mailDir: string;
    headers: Record<string, string>;
    /** Where the link comes from when mails do not go to files (an SMTP sink): its token. */
    confirmToken: (email: string) => Promise<string>;
    /**
     * An account whose e-mail is not verified, with a verification link in its mail (as a new
     * account was before registration was confirmed by mail): it registers under another
     * address, then changes it to this one in the settings.
     */
    unverified: boolean;
  }> = {},
): Promise<{ token: string; email: string; password: string; id: number }> {
  userCounter += 1;
  const wanted =
    overrides.email ?? `player${userCounter}-${randomBytes(3).toString('hex')}@example.test`;
  const email = overrides.unverified
    ? `pre-${userCounter}-${randomBytes(4).toString('hex')}@example.test`
    : wanted;
  const name = overrides.name ?? `Player ${userCounter}`;
  const password = overrides.password ?? 'correct horse battery';
  const mailDir = overrides.confirmToken ? null : (overrides.mailDir ?? mailDirOf(base));
  const before = mailDir ? confirmLinksTo(mailDir, email) : new Set<string>();
  const res = await call(base, 'POST', '/api/register', {
    body: {
      name,
      email,
      password,
      password_confirmation: password,
      ...(overrides.referral_code ? { referral_code: overrides.referral_code } : {}),
    },
    headers: overrides.headers,
  });
  if (res.status !== 202)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = overrides.confirmToken
    ? await overrides.confirmToken(email)
    : await waitForConfirmToken(mailDir!, email, before);
  const confirmed = await call<{ token: string; user: { id: number } }>(
    base,
    'POST',
    '/api/register/confirm',
    { body: { token }, headers: overrides.headers },
  );
  if (confirmed.status !== 201)
    throw new Error(
      `register confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`,
    );
  if (overrides.unverified) {
    const changed = await call(base, 'PATCH', '/api/settings/profile', {
      body: { name, email: wanted },
      token: confirmed.body.token,
      headers: overrides.headers,
    });
    if (changed.status !== 200)
      throw new Error(`e-mail change failed: ${changed.status} ${JSON.stringify(changed.body)}`);
  }
  return { token: confirmed.body.token, email: wanted, password, id: confirmed.body.user.id };
}

/** call() that keeps every raw answer, to scan them all for secrets afterwards. */
export class RecordingClient {
  constructor(
    readonly base: string,
    readonly bodies: string[] = [],
  ) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: Parameters<typeof call>[3] = {},
  ): Promise<Answer<T>> {
    const answer = await call<T>(this.base, method, path, options);
    this.bodies.push(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    return answer;
  }

  /** No recorded answer contains a server seed that the database still keeps secret. */
  async expectNoUnrevealedSeed(db: Db): Promise<void> {
    const secret = await db
      .select({ seed: seedPairs.serverSeed })
      .from(seedPairs)
      .where(isNull(seedPairs.revealedAt));
    expect(secret.length).toBeGreaterThan(0);
    const all = this.bodies.join('\n');
    for (const { seed } of secret) expect(all.includes(seed)).toBe(false);
  }
}
