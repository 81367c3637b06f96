import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Why Redis does not answer at REDIS_URL, or null when it does (probed once per test file). */
export async function redisProblem(): Promise<string | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  let cause = '';
  client.on('error', (error: Error) => (cause ||= error.message));
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return cause || (error instanceof Error ? error.message : String(error));
  } finally {
    client.disconnect();
  }
}

/**
 * Null when Redis answers. Otherwise the reason, said loudly with what is skipped, or thrown
 * under REQUIRE_REDIS=1 (CI must fail rather than skip).
 */
export async function redisOrSkip(skipped: string): Promise<string | null> {
  const problem = await redisProblem();
  if (!problem) return null;
  if (process.env.REQUIRE_REDIS === '1') {
    throw new Error(`REQUIRE_REDIS=1 but Redis at ${REDIS_URL} is unavailable: ${problem}`);
  }
  console.warn(
    `\n!!! Redis at ${REDIS_URL} is unavailable (${problem}):\n` +
      `!!! SKIPPING ${skipped}. Set TEST_REDIS_URL or start Redis.\n`,
  );
  return problem;
}

/**
 * The buses two server instances can share: the database's LISTEN/NOTIFY always, and Redis
 * pub/sub (under its own key prefix) when Redis answers.
 */
export async function instanceBuses(
  prefix: string,
  skipped: string,
): Promise<{ name: string; env: Record<string, string> }[]> {
  const redisDown = await redisOrSkip(skipped);
  return [
    { name: 'LISTEN/NOTIFY', env: {} },
    ...(redisDown
      ? []
      : [{ name: 'Redis', env: { REDIS_URL, REDIS_PREFIX: `${prefix}-${process.pid}:` } }]),
  ];
}
