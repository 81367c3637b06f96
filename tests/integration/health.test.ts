import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appOnDatabase } from '../support/testApp';

const suite = appOnDatabase('pglite', {
  env: (testDb) => {
    // A tiny stand-in build so this test does not depend on `vite build` having run.
    const dist = path.join(testDb.dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>x</title><script id="app-config">window.config = {};</script></head></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    return { DIST_DIR: dist, APP_NAME: 'Health' };
  },
});

describe('server over HTTP', () => {
  it('answers GET /api/health', async () => {
    const res = await fetch(`${suite.server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('falls back to the host page for client routes', async () => {
    const res = await fetch(`${suite.server.url}/settings/profile?tab=1`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<title>Health</title>');
    expect(body).toContain('"appName":"Health"');
  });

  it('serves hashed assets with immutable caching and 404s a missing one', async () => {
    const hit = await fetch(`${suite.server.url}/assets/app-123.js`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toContain('immutable');
    const miss = await fetch(`${suite.server.url}/assets/gone-456.js`);
    expect(miss.status).toBe(404);
  });

  it('answers unknown API paths and non-GET requests with JSON 404', async () => {
    const res = await fetch(`${suite.server.url}/api/unknown`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });

  it('publishes the OpenAPI document and a readable page', async () => {
    const doc = await fetch(`${suite.server.url}/api/docs/json`);
    expect(doc.status).toBe(200);
    const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user']));
    const page = await fetch(`${suite.server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });
});
