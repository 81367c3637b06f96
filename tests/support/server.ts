import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bundleNodeArgs, bundleServer } from '../../scripts/serverBundle.mjs';
import { seedPgliteDataDir } from './pgliteTemplate';
import { noteMailDir } from './registration';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse an existing data folder (a restart) instead of a fresh one. */
  dataDir?: string;
  /** Keep the data folder when stopping (to restart on it). */
  keepData?: boolean;
  /** A fresh data folder with nothing in it, as a new install starts (see seedPgliteDataDir). */
  empty?: boolean;
}

let bundleEntry: string | undefined;

/**
 * The server bundle to start (`npm start` runs the same bundle): the test run's (SERVER_BUNDLE,
 * tests/support/serverBundleSetup.ts), or one made for this process from the sources as they
 * are and removed when it exits (a benchmark, a script).
 */
function serverBundle(): string {
  bundleEntry ??= process.env.SERVER_BUNDLE;
  if (!bundleEntry) {
    const outdir = path.join(repoRoot, '.tmp', `server-bundle-${process.pid}`);
    bundleEntry = bundleServer(outdir);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  }
  return bundleEntry;
}

/** Whether a process's command line is one of the tests' or `npm start`'s server processes. */
export const isServerCommand = (commandLine: string): boolean =>
  /server-bundle-\d+\/main\.js|dist-server\/main\.js|server\/main\.ts/.test(commandLine);

/** Starts the real server (`server/main.ts`, bundled) on a free port with a fresh data folder. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-data-'));
    const onPglite = !(options.env?.DATABASE_URL ?? process.env.DATABASE_URL);
    if (onPglite && !options.empty) await seedPgliteDataDir(dataDir);
  }
  let output = '';
  // SERVER_NODE_ARGS: extra node flags for the server process, e.g. '--cpu-prof' when profiling.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...bundleNodeArgs(serverBundle())], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // One process unless a test asks for cluster mode (WEB_CONCURRENCY: '' is the server's
      // default, the number of cores on PostgreSQL): two cores start one server faster.
      WEB_CONCURRENCY: '1',
      // Mailed links and the OAuth popup point where the tests open the app.
      APP_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const url = `http://127.0.0.1:${port}`;
  const mailDir = options.env?.MAIL_DIR ?? process.env.MAIL_DIR;
  noteMailDir(url, mailDir ? path.resolve(repoRoot, mailDir) : path.join(dataDir, 'mail'));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const stop = async () => {
    // A process killed by a signal has no exit code, only its signal.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.keepData && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, port, dataDir, process: child, output: () => output, stop };
}
