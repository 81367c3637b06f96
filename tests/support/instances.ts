import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server';
import { createTestDatabase, type TestDatabase } from './testApp';

/** What twoInstances() fills in before the tests: read its members inside them. */
export interface TwoInstances {
  testDb: TestDatabase;
  servers: [RunningServer, RunningServer];
}

/**
 * A fresh PostgreSQL database and two real server processes on it (one worker each, `env`, or
 * what the function answers when they start, on
 * top) for one describe block: started before its tests, stopped after them.
 */
export function twoInstances(
  env: Record<string, string> | (() => Record<string, string>) = {},
): TwoInstances {
  const instances = {} as TwoInstances;
  beforeAll(async () => {
    instances.testDb = await createTestDatabase('postgres');
    const serverEnv = {
      DATABASE_URL: instances.testDb.databaseUrl!,
      WEB_CONCURRENCY: '1',
      ...(typeof env === 'function' ? env() : env),
    };
    instances.servers = await Promise.all([
      startServer({ env: serverEnv }),
      startServer({ env: serverEnv }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all((instances.servers ?? []).map((s) => s.stop()));
    await instances.testDb?.dispose();
  });
  return instances;
}
