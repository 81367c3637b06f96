// `npm start`: build the SPA if it is missing or older than its sources, bundle the server, then
// serve the app with the API.
import path from 'node:path';
import { clientBuildIsStale, root, run } from './lib.mjs';
import { bundleNodeArgs, bundleServer } from './serverBundle.mjs';

if (clientBuildIsStale()) {
  console.log('Building the app (first start or sources changed)…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
const entry = bundleServer(path.join(root, 'dist-server'));
process.exit(await run(process.execPath, bundleNodeArgs(entry)));
