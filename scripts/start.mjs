// `npm start`: build the SPA if it is missing or older than its sources, then serve it with the API.
import { clientBuildIsStale, run } from './lib.mjs';

if (clientBuildIsStale()) {
  console.log('Building the app (first start or sources changed)…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
process.exit(await run(process.execPath, ['--import', 'tsx', 'server/main.ts']));
