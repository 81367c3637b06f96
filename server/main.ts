import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { clusterLog, Supervisor, workerPlan, workerPoolSize, type ClusterLog } from './cluster';
import { openDatabase } from './db/database';
import { serveCounters } from './http/cluster-counters';

/** One server: the app on its database, closed gracefully on SIGTERM or SIGINT. */
async function serve(
  config: ServerConfig,
  options: { migrate: boolean; poolSize?: number },
): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: options.migrate,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    // A terminal's Ctrl+C reaches a cluster worker twice (its own SIGINT, then the primary's
    // SIGTERM): close once.
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // The database closes after the app, whose close waits for its background tasks.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const role = cluster.isWorker ? `, cluster worker ${process.pid}` : '';
  app.log.info(`Serving on ${address} (database: ${database.kind}${role})`);
}

/**
 * The cluster primary: runs the migrations once, keeps the rate-limit counters the workers share
 * (without Redis), forks the workers and supervises them until SIGTERM or SIGINT.
 */
async function supervise(config: ServerConfig, workers: number, log: ClusterLog): Promise<never> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.close();

  const { rateLimits, redisUrl } = config.accounts;
  const stopCounters =
    rateLimits && !redisUrl
      ? serveCounters((listener) => {
          const onMessage = (worker: Worker, message: unknown) =>
            listener(
              {
                isConnected: () => worker.isConnected(),
                send: (answer, callback) => worker.send(answer, undefined, callback),
              },
              message,
            );
          cluster.on('message', onMessage);
          return () => cluster.off('message', onMessage);
        })
      : () => undefined;

  const supervisor = new Supervisor<Worker>({
    size: workers,
    log,
    pool: {
      fork: () => cluster.fork(),
      pid: (worker) => worker.process.pid,
      kill: (worker, signal) => worker.process.kill(signal),
    },
  });
  cluster.on('exit', (worker, code, signal) => supervisor.exited(worker, code, signal));
  cluster.on('listening', (worker, address) =>
    supervisor.listening(worker, `${address.address ?? '*'}:${address.port}`),
  );
  process.on('SIGINT', () => void supervisor.stop('SIGINT'));
  process.on('SIGTERM', () => void supervisor.stop('SIGTERM'));

  log.info(`cluster primary: ${workers} workers (database: postgres)`, { workers });
  supervisor.start();
  const code = await supervisor.done;
  stopCounters();
  process.exit(code);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const plan = workerPlan(config);
  if (cluster.isWorker) {
    return serve(config, { migrate: false, poolSize: workerPoolSize(plan.workers) });
  }
  const log = clusterLog(config.logLevel);
  if (plan.warning) log.warn(plan.warning);
  if (plan.workers === 1) return serve(config, { migrate: true });
  await supervise(config, plan.workers, log);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
