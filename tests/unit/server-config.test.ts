import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { renderHostPage } from '../../server/http/spa';

const hostConfig = (env: Record<string, string>) => {
  const html = renderHostPage(
    '<script id="app-config">window.config = {};</script>',
    loadConfig(env),
  );
  return JSON.parse(/window\.config = (.*);<\/script>/.exec(html)![1]!) as Record<string, unknown>;
};

describe('the public address (APP_URL)', () => {
  it('defaults to http://localhost:PORT, flagged so the server warns, and the SPA keeps its own origin', () => {
    const config = loadConfig({ PORT: '9123' });
    expect(config.appUrl).toBe('http://localhost:9123');
    expect(config.appUrlIsDefault).toBe(true);
    expect(hostConfig({ PORT: '9123' }).appUrl).toBe('');
  });

  it('takes APP_URL and APP_URL_API without trailing slashes', () => {
    const config = loadConfig({
      APP_URL: 'https://play.example/',
      APP_URL_API: 'https://api.example//',
    });
    expect(config.appUrl).toBe('https://play.example');
    expect(config.appUrlIsDefault).toBe(false);
    expect(config.appUrlApi).toBe('https://api.example');
    expect(hostConfig({ APP_URL: 'https://play.example/' }).appUrl).toBe('https://play.example');
  });

  it('refuses to start with an APP_URL or APP_URL_API that is not an absolute http(s) URL', () => {
    for (const value of [
      'play.example',
      'ftp://play.example',
      'javascript:alert(1)',
      'https://a/?x=1',
    ]) {
      expect(() => loadConfig({ APP_URL: value }), value).toThrow(/APP_URL/);
      expect(() => loadConfig({ APP_URL_API: value }), value).toThrow(/APP_URL_API/);
    }
  });
});

describe('NODE_ENV=production', () => {
  it('refuses to start without APP_URL or with RATE_LIMITS=off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_URL: 'https://play.example', RATE_LIMITS: 'off' }),
    ).toThrow(/RATE_LIMITS/);
    const config = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://play.example' });
    expect(config.production).toBe(true);
    expect(config.appUrl).toBe('https://play.example');
  });
});
