// `npm run dev`: the API server on API_PORT (default 8080) and Vite with /api proxied to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const apiPort = process.env.API_PORT || '8080';
const env = {
  // One server process while developing (a watched restart is quicker; set it to try a cluster).
  WEB_CONCURRENCY: '1',
  ...process.env,
  PORT: apiPort,
  API_PROXY_TARGET: `http://127.0.0.1:${apiPort}`,
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
