import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../src/config';

describe('host page config', () => {
  it('uses the defaults when the host page supplies nothing', () => {
    const report = vi.fn();
    expect(parseConfig(undefined, report)).toEqual(DEFAULT_CONFIG);
    expect(report).not.toHaveBeenCalled();
  });

  it('takes every valid field and trims the API base of trailing slashes', () => {
    const report = vi.fn();
    const config = parseConfig(
      {
        appUrlApi: 'https://api.example.test/',
        appUrl: 'https://example.test',
        recaptchaSiteKey: 'site-key',
        appName: 'Lucky',
        locale: 'fr',
        locales: ['en', 'fr'],
      },
      report,
    );
    expect(config).toEqual({
      appUrlApi: 'https://api.example.test',
      appUrl: 'https://example.test',
      recaptchaSiteKey: 'site-key',
      appName: 'Lucky',
      locale: 'fr',
      locales: ['en', 'fr'],
    });
    expect(report).not.toHaveBeenCalled();
  });

  it('rejects a config that is not an object with a clear error', () => {
    const report = vi.fn();
    expect(parseConfig('nope', report)).toEqual(DEFAULT_CONFIG);
    expect(report).toHaveBeenCalledWith(expect.stringContaining('must be an object'));
  });

  it('replaces each malformed field by its default and names it', () => {
    const report = vi.fn();
    const config = parseConfig(
      { appName: 42, appUrlApi: 'not a url', locales: 'en', locale: 'xx' },
      report,
    );
    expect(config.appName).toBe('Casino');
    expect(config.appUrlApi).toBe('');
    expect(config.locales).toEqual(DEFAULT_CONFIG.locales);
    expect(config.locale).toBe('en');
    const messages = report.mock.calls.map((c) => String(c[0]));
    expect(messages.some((m) => m.includes('appName'))).toBe(true);
    expect(messages.some((m) => m.includes('appUrlApi'))).toBe(true);
    expect(messages.some((m) => m.includes('locales'))).toBe(true);
    expect(messages.some((m) => m.includes("locale 'xx'"))).toBe(true);
  });
});
