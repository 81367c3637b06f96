import path from 'node:path';
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { cspDirectives, writeDist } from '../support/hostPage';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

const APP_URL = 'https://play.casino.example';

describeEachDatabase('security headers, CORS, body limit, OpenAPI', (kind) => {
  const suite = appOnDatabase(kind, {
    env: (testDb) => {
      const dist = path.join(testDb.dataDir, 'dist');
      writeDist(dist);
      return { APP_URL, DIST_DIR: dist, APP_NAME: 'Secure Casino' };
    },
  });

  it('sends helmet headers and a CSP the SPA can live with', async () => {
    const res = await fetch(`${suite.server.url}/wallet`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(res.headers.get('x-powered-by')).toBeNull();
    const csp = cspDirectives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    // No eval: Pixi's uploaders come from 'pixi.js/unsafe-eval' (engine/core/pixiExtensions.ts).
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    // The host page's inline window.config block (as rewritten by the server) is allowed by hash.
    const inline = /<script id="app-config">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('Secure Casino');
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(csp.get('script-src')).toContain(hash);

    const api = await fetch(`${suite.server.url}/api/user`);
    expect(api.status).toBe(401);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBeTruthy();
  });

  it('answers CORS only for the configured app origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${suite.server.url}/api/login`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization,idempotency-key',
        },
      });
    const allowed = await preflight(APP_URL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(APP_URL);
    // Every header the app sends, the bets' Idempotency-Key too (issue #23, finding 5).
    const headers = (allowed.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'idempotency-key']) {
      expect(headers.split(/\s*,\s*/)).toContain(header);
    }
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${suite.server.url}/api/user`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const mine = await fetch(`${suite.server.url}/api/user`, { headers: { origin: APP_URL } });
    expect(mine.headers.get('access-control-allow-origin')).toBe(APP_URL);
  });

  it('refuses bodies over 64 KiB with 413 {message}', async () => {
    const res = await call(suite.server.url, 'POST', '/api/login', {
      raw: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is too large.' });
  });

  it('documents every accounts route with tags, summary and schemas at /api/docs/json', async () => {
    const doc = await call<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      suite.server.url,
      'GET',
      '/api/docs/json',
    );
    expect(doc.status).toBe(200);
    const routes: [string, string][] = [
      ['/api/register', 'post'],
      ['/api/login', 'post'],
      ['/api/logout', 'post'],
      ['/api/email/verify/{id}', 'post'],
      ['/api/email/resend', 'post'],
      ['/api/password/email', 'post'],
      ['/api/password/reset', 'post'],
      ['/api/settings/profile', 'patch'],
      ['/api/settings/password', 'patch'],
      ['/api/settings/2fa', 'get'],
      ['/api/settings/2fa', 'post'],
      ['/api/oauth/{provider}', 'post'],
      ['/api/oauth/{provider}/callback', 'get'],
    ];
    for (const [p, method] of routes) {
      const op = doc.body.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op!.summary, `${method} ${p}`).toEqual(expect.any(String));
      expect((op!.tags as string[]).length).toBeGreaterThan(0);
      expect(op!.responses).toBeDefined();
    }
    expect(doc.body.paths['/api/settings/profile']!.patch!.requestBody).toBeDefined();
    const docsPage = await fetch(`${suite.server.url}/api/docs/`);
    expect(docsPage.status).toBe(200);
    expect(await docsPage.text()).toContain('swagger');
  });

  it('keeps answering with Accept-Language after the security layer (a 401 in zh-CN)', async () => {
    const user = await registerUser(suite.server.url);
    const res = await call(suite.server.url, 'GET', '/api/user', {
      token: `${user.token}x`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: '未认证。' });
  });
});
