import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server';

// The build under test: DIST_DIR when set (as for the e2e tests), otherwise dist/ (npm test builds it).
const distDir = path.resolve(repoRoot, process.env.DIST_DIR || 'dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build first (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Keys of the chunks loaded with `roots`: the roots and their static imports, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk '${key}'`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
  }
  return seen;
}

const code = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys]
    .map((key) => fs.readFileSync(path.join(distDir, manifest[key]!.file), 'utf8'))
    .join('\n');

// Strings that only pixi.js, tweakpane and the overlay put into the bundle.
const PIXI_MARKER = 'PixiJS';
const TWEAKPANE_MARKER = 'tp-rotv';
const OVERLAY_MARKER = 'engine-debug';

describe('the production build manifest', () => {
  it('keeps pixi.js and the debug overlay out of the lobby chunk and the entry', () => {
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    expect(entry, 'an entry chunk').toBeDefined();
    expect(manifest['src/pages/HomePage.tsx'], 'the lobby page is its own chunk').toBeDefined();

    const lobby = staticClosure(manifest, [entry!, 'src/pages/HomePage.tsx']);
    const sources = [...lobby].map((key) => manifest[key]!.src ?? key);
    for (const source of sources) {
      expect(source).not.toMatch(/node_modules\/(pixi\.js|tweakpane|@pixi)\/|^engine\//);
    }
    const lobbyCode = code(manifest, lobby);
    expect(lobbyCode).not.toContain(PIXI_MARKER);
    expect(lobbyCode).not.toContain(TWEAKPANE_MARKER);
    expect(lobbyCode).not.toContain(OVERLAY_MARKER);
  });

  it('has the overlay only behind a dynamic import, and the markers do exist in the lazy chunks', () => {
    const manifest = readManifest();
    const overlay = manifest['engine/debug/overlay.ts'];
    expect(overlay, 'the debug overlay is a chunk of its own').toBeDefined();
    const importers = Object.entries(manifest);
    expect(importers.some(([, c]) => c.imports?.includes('engine/debug/overlay.ts'))).toBe(false);
    expect(importers.some(([, c]) => c.dynamicImports?.includes('engine/debug/overlay.ts'))).toBe(
      true,
    );

    // Proof that the markers are the right ones: they are in the build, just not in the lobby.
    const everything = code(
      manifest,
      Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js')),
    );
    expect(everything).toContain(PIXI_MARKER);
    expect(code(manifest, staticClosure(manifest, ['engine/debug/overlay.ts']))).toContain(
      TWEAKPANE_MARKER,
    );
    expect(everything).toContain(OVERLAY_MARKER);
  });
});
