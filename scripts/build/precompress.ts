// A Vite plugin that writes `<file>.br` and `<file>.gz` next to every compressible file of the
// build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on every request or not at all.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text and uncompressed formats; images, fonts and source maps are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|wav)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes the .br and .gz of one file, each only when it is smaller than the file itself: small
 * chunks too, as the lobby's first load has several and every one of them is sent compressed.
 */
export async function precompressFile(file: string): Promise<void> {
  const body = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'casino:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After a successful write only: a failed build has nothing to compress (and its error shows).
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const files = await filesUnder(outDir);
      // Two at a time: brotli at its best quality is CPU-bound and the build machine is small.
      for (let i = 0; i < files.length; i += 2) {
        await Promise.all(files.slice(i, i + 2).map(precompressFile));
      }
    },
  };
}
