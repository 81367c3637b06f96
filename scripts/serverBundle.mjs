// The server as one ES module and its lazy chunks (esbuild), which `npm start` and the tests'
// server processes run: Node loads it in about half the CPU time of the TypeScript sources
// through tsx (1.3 s less per start here). The games' scenes and panels that game definitions
// import lazily become chunks the server never loads.
// Most packages stay in node_modules; the pure-JavaScript ones of many files are bundled
// (BUNDLED_PACKAGES), only what the server uses of them: Node opened 2,893 files of node_modules
// to start, 753 with them bundled, and a start took 4.1-4.4 core-seconds instead of 5.2-6.0
// (29 Nov 2026). Packages with native code, WebAssembly or files of their own stay outside.
import { buildSync } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/**
 * Dependencies bundled into the server. viem (756 files at start) and typebox (684) are most of
 * the difference; the typebox type provider goes with typebox, so that both use one copy.
 */
const BUNDLED_PACKAGES = [
  'viem',
  'typebox',
  '@fastify/type-provider-typebox',
  'drizzle-orm',
  'cockatiel',
  'qrcode',
  'nodemailer',
  'ioredis',
  '@noble/curves',
  '@noble/hashes',
  'otpauth',
  'negotiator',
  '@formatjs/intl-localematcher',
];

/** Every other dependency, and what is under it, is imported from node_modules. */
function externalPackages() {
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(dependencies)
    .filter((name) => !BUNDLED_PACKAGES.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

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
    external: externalPackages(),
    // Bundled CommonJS packages require Node's own modules: an ES module has no `require`.
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
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
