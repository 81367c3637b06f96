import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { renderHostPage } from '../../server/http/spa';

const html = `<html><head><title>Casino</title><script id="app-config">
  window.config = { appName: 'Casino' };
</script></head><body><div id="root"><span class="topbar__app-name">Casino</span></div></body></html>`;

describe('host page rendering', () => {
  it('fills window.config and the title from the environment', () => {
    const config = loadConfig({ APP_NAME: 'Lucky', APP_URL: 'https://lucky.test' });
    const out = renderHostPage(html, config);
    expect(out).toContain('<title>Lucky</title>');
    // The page painted before the JavaScript runs carries the configured name too.
    expect(out).toContain('<span class="topbar__app-name">Lucky</span>');
    const json = /window\.config = (.*);<\/script>/.exec(out)?.[1];
    expect(JSON.parse(json ?? 'null')).toMatchObject({
      appName: 'Lucky',
      appUrl: 'https://lucky.test',
    });
  });

  it('cannot be broken out of by a configured value', () => {
    const out = renderHostPage(
      html,
      loadConfig({ APP_NAME: '</script><script>alert(1)</script>' }),
    );
    expect(out).not.toContain('<script>alert(1)');
    expect(out).toContain('<span class="topbar__app-name">&#60;/script&#62;');
    expect(out.match(/<\/script>/g)?.length).toBe(1);
  });

  it('refuses a malformed PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({}).port).toBe(8080);
  });
});
