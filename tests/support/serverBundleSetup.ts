import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/serverBundle.mjs';
import { repoRoot } from './server';

/**
 * Vitest's global set-up for the projects that start servers: one server bundle for the whole
 * run (SERVER_BUNDLE, which the test processes inherit), removed when the run ends.
 */
export default function setup(): () => void {
  const outdir = path.join(repoRoot, '.tmp', `server-bundle-${process.pid}`);
  process.env.SERVER_BUNDLE = bundleServer(outdir);
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
