import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder: the nearest one above this module holding package.json. Found rather
 * than fixed so that it holds both for the sources (server/) and for the bundle `npm start` runs
 * (dist-server/, scripts/serverBundle.mjs).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
