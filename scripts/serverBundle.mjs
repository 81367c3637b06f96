// The server as one ES module and its lazy chunks (esbuild), which `npm start` and the tests'
// server processes run: Node loads it in about half the CPU time of the TypeScript sources
// through tsx (1.3 s less per start here). Packages stay in node_modules. The games' scenes and
// panels that game definitions import lazily become chunks the server never loads.
import { buildSync } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/** Writes the bundle into `outdir` (emptied first); returns the path of its entry. */
export function bundleServer(outdir) {
  fs.rmSync(outdir, { recursive: true, force: true });
  buildSync({
    entryPoints: { main: path.join(root, 'server', 'main.ts') },
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    // What the client side of a game definition imports besides code.
    loader: { '.css': 'empty', '.png': 'empty', '.webp': 'empty', '.wav': 'empty' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.js');
}

/** Node's arguments to run a bundle: stack traces point into the TypeScript sources. */
export const bundleNodeArgs = (entry) => ['--enable-source-maps', entry];
