// Builds tests/e2e/react-layer-page (a page with the engine and a React layer) with Vite into
// .tmp/react-layer-page and serves it to a Playwright page from a fake origin (no server).
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from './server';

export const REACT_LAYER_ORIGIN = 'http://react-layer.test';

export async function buildReactLayerPage(): Promise<string> {
  const outDir = path.join(repoRoot, '.tmp', 'react-layer-page');
  await build({
    configFile: false,
    root: path.join(repoRoot, 'tests', 'e2e', 'react-layer-page'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  return outDir;
}

/** Serves the built page at REACT_LAYER_ORIGIN in `page`. */
export async function serveReactLayerPage(page: Page, dir: string): Promise<void> {
  await page.route(`${REACT_LAYER_ORIGIN}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.replace(/^\/$/, '/index.html');
    return route.fulfill({ path: path.join(dir, path.normalize(file)) });
  });
}
