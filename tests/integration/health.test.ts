import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

let app: FastifyInstance;
let url: string;
let dist: string;

beforeAll(async () => {
  // A tiny stand-in build so this test does not depend on `vite build` having run.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><title>x</title><script id="app-config">window.config = {};</script></head></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  app = await buildApp(loadConfig({ DIST_DIR: dist, APP_NAME: 'Health', LOG_LEVEL: 'silent' }));
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('server over HTTP', () => {
  it('answers GET /api/health', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('falls back to the host page for client routes', async () => {
    const res = await fetch(`${url}/settings/profile?tab=1`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('<title>Health</title>');
    expect(body).toContain('"appName":"Health"');
  });

  it('serves hashed assets with immutable caching and 404s a missing one', async () => {
    const hit = await fetch(`${url}/assets/app-123.js`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toContain('immutable');
    const miss = await fetch(`${url}/assets/gone-456.js`);
    expect(miss.status).toBe(404);
  });

  it('answers unknown API paths and non-GET requests with JSON 404', async () => {
    const res = await fetch(`${url}/api/unknown`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });
});
