import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOBBY_BUDGET_BYTES,
  distDir,
  lobbyFiles,
  readManifest,
  staticClosure,
  type Manifest,
} from '../support/buildManifest';

const code = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys]
    .map((key) => fs.readFileSync(path.join(distDir, manifest[key]!.file), 'utf8'))
    .join('\n');

// Strings that only pixi.js, tweakpane and the overlay put into the bundle.
const PIXI_MARKER = 'PixiJS';
const TWEAKPANE_MARKER = 'tp-rotv';
const OVERLAY_MARKER = 'engine-debug';

describe('the production build manifest', () => {
  it("keeps pixi.js, the debug overlay and the games' rules out of the lobby chunk and the entry", () => {
    const manifest = readManifest();
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    expect(entry, 'an entry chunk').toBeDefined();
    expect(manifest['src/pages/HomePage.tsx'], 'the lobby page is its own chunk').toBeDefined();

    const lobby = staticClosure(manifest, [entry!, 'src/pages/HomePage.tsx']);
    const sources = [...lobby].map((key) => manifest[key]!.src ?? key);
    for (const source of sources) {
      expect(source).not.toMatch(
        /node_modules\/(pixi\.js|tweakpane|@pixi|react-reconciler)\/|^engine\/|^games\/shared\/scene\/reactLayer/,
      );
    }
    // Nor any game's rules: the lobby reads the definitions, the rules load with a game's page.
    const rulesChunks = [...lobby].filter((key) =>
      /^games\/[^/]+\/rules\.ts$|^_?rules-/.test(manifest[key]!.src ?? key),
    );
    expect(rulesChunks).toEqual([]);
    const lobbyCode = code(manifest, lobby);
    expect(lobbyCode).not.toContain(PIXI_MARKER);
    expect(lobbyCode).not.toContain(TWEAKPANE_MARKER);
    expect(lobbyCode).not.toContain(OVERLAY_MARKER);
  });

  it("holds the lobby's first-load JavaScript, as sent, to 120 KB, precompressed as brotli and gzip", () => {
    const manifest = readManifest();
    const files = lobbyFiles(manifest);
    expect(files.length).toBeGreaterThan(3);
    let sent = 0;
    for (const file of files) {
      const full = path.join(distDir, file);
      const raw = fs.statSync(full).size;
      // Files under 512 bytes are sent as they are (scripts/build/precompress.ts).
      if (raw < 512) {
        sent += raw;
        continue;
      }
      expect(fs.existsSync(`${full}.gz`), `${file}.gz`).toBe(true);
      expect(fs.existsSync(`${full}.br`), `${file}.br`).toBe(true);
      const br = fs.statSync(`${full}.br`).size;
      expect(br, file).toBeLessThan(raw);
      sent += br;
    }
    console.info(
      `lobby first-load JavaScript: ${files.length} files, ${(sent / 1024).toFixed(1)} KB as sent (brotli)`,
    );
    expect(sent).toBeLessThanOrEqual(LOBBY_BUDGET_BYTES);
  });

  it("leaves Pixi's WebGPU renderer out: the engine draws with WebGL or Canvas 2D", () => {
    const manifest = readManifest();
    const sources = Object.entries(manifest).map(([key, chunk]) => chunk.src ?? key);
    expect(
      sources.filter((source) => /pixi\.js\/lib\/rendering\/renderers\/gpu\//.test(source)),
    ).toEqual([]);
    // Its renderer detection still has WebGL's and Canvas 2D's behind their dynamic imports.
    for (const renderer of ['gl/WebGLRenderer.mjs', 'canvas/CanvasRenderer.mjs']) {
      expect(sources).toContain(`node_modules/pixi.js/lib/rendering/renderers/${renderer}`);
    }
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
