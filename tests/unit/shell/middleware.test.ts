import { describe, expect, it } from 'vitest';
import {
  middlewareByName,
  runMiddleware,
  type GuardUser,
  type MiddlewareDeps,
} from '../../../src/app/middleware';

interface Harness {
  deps: MiddlewareDeps;
  log: string[];
  saved: { intended?: string; referral?: string };
}

function harness(options: {
  user?: GuardUser | null;
  token?: boolean;
  fetched?: GuardUser | 'fail';
}): Harness {
  const log: string[] = [];
  const saved: Harness['saved'] = {};
  let user = options.user ?? null;
  const deps: MiddlewareDeps = {
    currentLocale: () => 'es',
    loadLocale: async (locale) => void log.push(`locale:${locale}`),
    hasToken: () => options.token ?? false,
    user: () => user,
    fetchUser: async () => {
      log.push('fetchUser');
      if (options.fetched === 'fail' || options.fetched === undefined) throw new Error('401');
      user = options.fetched;
    },
    saveIntendedUrl: (path) => void (saved.intended = path),
    saveReferralCode: (code) => void (saved.referral = code),
  };
  return { deps, log, saved };
}

const ctx = (fullPath: string) => ({
  fullPath,
  query: new URLSearchParams(fullPath.split('?')[1] ?? ''),
});

describe('the middleware pipeline', () => {
  it('loads the locale messages and restores the session before the declared guards', async () => {
    const h = harness({ token: true, fetched: { role: 'user' } });
    expect(await runMiddleware(['auth'], ctx('/wallet'), h.deps)).toBeNull();
    expect(h.log).toEqual(['locale:es', 'fetchUser']);
  });

  it('ignores a failed session restore: the visitor stays a guest', async () => {
    const h = harness({ token: true, fetched: 'fail' });
    expect(await runMiddleware([], ctx('/'), h.deps)).toBeNull();
    expect(h.log).toContain('fetchUser');
  });

  it('does not fetch the user without a token, nor when one is loaded', async () => {
    const noToken = harness({ token: false });
    await runMiddleware([], ctx('/'), noToken.deps);
    expect(noToken.log).not.toContain('fetchUser');
    const loaded = harness({ token: true, user: { role: 'user' } });
    await runMiddleware([], ctx('/'), loaded.deps);
    expect(loaded.log).not.toContain('fetchUser');
  });

  it('auth: sends a guest to login, saving the full intended path and the referral code', async () => {
    const h = harness({});
    const target = await runMiddleware(
      ['auth'],
      ctx('/earn/locks?referral_code=XYZ&tab=2'),
      h.deps,
    );
    expect(target).toBe('/login');
    expect(h.saved).toEqual({ intended: '/earn/locks?referral_code=XYZ&tab=2', referral: 'XYZ' });
  });

  it('auth: lets a signed-in user through and saves nothing', async () => {
    const h = harness({ user: { role: 'user' } });
    expect(await runMiddleware(['auth'], ctx('/wallet'), h.deps)).toBeNull();
    expect(h.saved).toEqual({});
  });

  it('guest: sends a signed-in user home, lets a guest through', async () => {
    expect(
      await runMiddleware(['guest'], ctx('/login'), harness({ user: { role: 'user' } }).deps),
    ).toBe('/');
    expect(await runMiddleware(['guest'], ctx('/login'), harness({}).deps)).toBeNull();
  });

  it('admin: non-admins go home, admins pass', async () => {
    expect(
      await runMiddleware(['admin'], ctx('/admin'), harness({ user: { role: 'user' } }).deps),
    ).toBe('/');
    expect(await runMiddleware(['admin'], ctx('/admin'), harness({}).deps)).toBe('/');
    expect(
      await runMiddleware(['admin'], ctx('/admin'), harness({ user: { role: 'admin' } }).deps),
    ).toBeNull();
  });

  it('role: takes a comma-separated list; other roles go to /unauthorized', async () => {
    const run = (role: string) =>
      runMiddleware(['role:admin, moderator'], ctx('/x'), harness({ user: { role } }).deps);
    expect(await run('moderator')).toBeNull();
    expect(await run('admin')).toBeNull();
    expect(await run('user')).toBe('/unauthorized');
    expect(await runMiddleware(['role:admin'], ctx('/x'), harness({}).deps)).toBe('/unauthorized');
  });

  it('stops at the first redirect: later guards do not run', async () => {
    const h = harness({});
    expect(await runMiddleware(['auth', 'admin'], ctx('/admin'), h.deps)).toBe('/login');
  });

  it('rejects an unknown middleware name', () => {
    expect(() => middlewareByName('paywall')).toThrow(/Unknown middleware 'paywall'/);
  });
});
