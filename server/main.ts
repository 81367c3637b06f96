import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { clusterLog, Supervisor, workerPlan, workerPoolSize, type ClusterLog } from './cluster';
import { openDatabase } from './db/database';
import { serveCounters } from './http/cluster-counters';
import { STOP_DEADLINE_MS, stopOnSignals } from './shutdown';

/**
 * The cluster primary's whole stop: its workers' own deadline, SIGKILL for any worker past it,
 * and the primary exits by then whatever happens (ms).
 */
const PRIMARY_STOP_MS = 10_000;

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

  stopOnSignals(app, database);

  const address = await app.listen({ port: config.port, host: config.host });
  const role = cluster.isWorker ? `, cluster worker ${process.pid}` : '';
  app.log.info(`Serving on ${address} (database: ${database.kind}${role})`);
}

/**
 * The cluster primary: runs the migrations once, keeps the rate-limit counters the workers share
 * (always without Redis, while Redis is out with it), forks the workers and supervises them.
 */
async function supervise(config: ServerConfig, workers: number, log: ClusterLog): Promise<never> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.close();

  // With Redis too: the workers count here while Redis is out.
  const stopCounters = config.accounts.rateLimits
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
    // The workers' own deadline is STOP_DEADLINE_MS: past it by a little, SIGKILL.
    stopGraceMs: STOP_DEADLINE_MS + 1_000,
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
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn(`${signal} while stopping: the stop goes on (exit within ${PRIMARY_STOP_MS} ms)`);
      return;
    }
    stopping = true;
    // Bounded whatever the workers do: SIGKILL at the supervisor's grace, and this deadline.
    setTimeout(() => {
      log.error(
        `${signal}: ${supervisor.running} worker(s) still running after ${PRIMARY_STOP_MS} ms: exiting 1`,
      );
      process.exit(1);
    }, PRIMARY_STOP_MS);
    void supervisor.stop(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

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
