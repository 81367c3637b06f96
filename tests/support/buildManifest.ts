import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server';

// The build under test: DIST_DIR when set (as for the e2e tests), otherwise dist/ (npm test builds it).
export const distDir = path.resolve(repoRoot, process.env.DIST_DIR || 'dist');

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build first (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** Keys of the chunks loaded with `roots`: the roots and their static imports, transitively. */
export function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
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

/**
 * The JavaScript files of the lobby's first load: the entry, the lobby page and the first part of
 * the English messages (src/i18n/parts.ts).
 */
export function lobbyFiles(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const keys = staticClosure(manifest, [
    entry,
    'src/pages/HomePage.tsx',
    'locales/en.json?part=first',
  ]);
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/**
 * The lobby's first-load JavaScript as sent (brotli), in bytes: 120 KB for the product. The game
 * kit's check (scripts/check-scaffold.mjs) runs these tests with sample games scaffolded into the
 * tree (listed in GAMES_UNDER_TEST), each adding its definition, tile and English strings to the
 * lobby (about 0.25 KB brotli): that run allows the samples their share on top of the product's.
 */
const SAMPLE_GAMES = process.env.GAMES_UNDER_TEST?.split(',').filter(Boolean).length ?? 0;
export const LOBBY_BUDGET_BYTES = 120 * 1024 + SAMPLE_GAMES * 256;
