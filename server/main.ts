import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, database);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    // The database closes after the app, whose close waits for its background tasks.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Serving on ${address} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
