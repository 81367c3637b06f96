import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/** A minimal built SPA: the host page with its inline config block, as Vite leaves it. */
export function writeDist(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Casino</title>
<script id="app-config">window.config = {};</script>
<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`,
  );
}

/** 'script-src a b; img-src c' -> Map { 'script-src' => ['a', 'b'], 'img-src' => ['c'] } */
export function cspDirectives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The CSP hash source of each inline script in a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}
