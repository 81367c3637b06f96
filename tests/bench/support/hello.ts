// A bare Fastify hello-world, the yardstick of `npm run bench -- server`: one process, no
// logger, no plugins, GET / -> {"hello":"world"}. Started by startHelloWorld() below.
import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import { freePort, repoRoot } from '../../support/server';

export interface HelloWorld {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/** Runs this file as its own process on a free port; resolves once it answers. */
export async function startHelloWorld(): Promise<HelloWorld> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    cwd: repoRoot,
    env: { ...process.env, HELLO_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hello-world exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('hello-world did not answer within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.env.HELLO_PORT) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.HELLO_PORT), host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
