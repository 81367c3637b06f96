import { describe, expect, it } from 'vitest';
import { GAMES, gamePath } from '../../../games/shared/registry/catalog';
import { matchPath, resolvePath, route, ROUTES } from '../../../src/app/routes';

describe('the route table', () => {
  it.each([
    ['/', 'home'],
    ['/giveaways', 'giveaways'],
    ['/gallery', 'gallery'],
    ['/explore', 'explore'],
    ['/profile/42', 'profile'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/register/confirm/abc', 'register.confirm'],
    ['/password/reset', 'password.request'],
    ['/password/reset/abc', 'password.reset'],
    ['/email/verify/5', 'verification.verify'],
    ['/email/resend', 'verification.resend'],
    ['/wallet', 'wallet'],
    ['/ranking', 'ranking'],
    ['/settings/profile', 'settings.profile'],
    ['/settings/password', 'settings.password'],
    ['/settings/2fa', 'settings.2fa'],
    ['/earn/referrals', 'earn.referrals'],
    ['/earn/rakeback', 'earn.rakeback'],
    ['/earn/locks', 'earn.locks'],
    ['/unauthorized', 'unauthorized'],
    ['/nope/nope', 'not-found'],
  ])('%s shows %s', (path, name) => {
    const resolved = resolvePath(path);
    expect(resolved.kind === 'route' && resolved.def.name).toBe(name);
  });

  it('has a page per game at the spec paths', () => {
    const paths = [
      '/gemMiner',
      '/minerFrenzy',
      '/roulette',
      '/minislot',
      '/plinko',
      '/dice',
      '/asteroids',
      '/mines',
    ];
    // The spec's eight, in its order; a game added later joins them.
    expect(GAMES.map(gamePath).filter((p) => paths.includes(p))).toEqual(paths);
    for (const path of GAMES.map(gamePath)) {
      const resolved = resolvePath(path);
      expect(resolved.kind === 'route' && resolved.def.game).toBe(path.slice(1));
    }
  });

  it.each([
    ['/settings', '/settings/profile'],
    ['/earn', '/earn/referrals'],
    ['/referrals', '/earn/referrals'],
  ])('redirects %s to %s', (from, to) => {
    expect(resolvePath(from)).toEqual({ kind: 'redirect', to });
  });

  it('decodes parameters and ignores a trailing slash', () => {
    expect(matchPath('/profile/:uid', '/profile/a%20b/')).toEqual({ uid: 'a b' });
    expect(matchPath('/profile/:uid', '/profile/')).toBeNull();
    expect(matchPath('/profile/:uid', '/profile/%E0%A4%A')).toBeNull();
  });

  it('builds links from names: route(name, params, query)', () => {
    expect(route('home')).toBe('/');
    expect(route('profile', { uid: 7 })).toBe('/profile/7');
    expect(route('password.reset', { token: 'a/b' })).toBe('/password/reset/a%2Fb');
    expect(route('register', {}, { referral_code: 'X Y' })).toBe('/register?referral_code=X+Y');
    for (const name of [
      'home',
      'earn.referrals',
      'earn.locks',
      'earn.rakeback',
      'ranking',
      'wallet',
      'login',
      'register',
      'settings.profile',
    ]) {
      expect(resolvePath(route(name))).toMatchObject({ kind: 'route', def: { name } });
    }
    expect(() => route('nowhere')).toThrow(/Unknown route/);
    expect(() => route('profile')).toThrow(/needs the parameter 'uid'/);
  });

  it('guards: guests on the auth screens (not the mailed verification link), auth on wallet, settings, earn and ranking, admin on /admin, games open', () => {
    const guard = (name: string) => ROUTES.find((r) => r.name === name)?.middleware ?? [];
    for (const name of [
      'login',
      'register',
      'register.confirm',
      'password.request',
      'password.reset',
      'verification.resend',
    ]) {
      expect(guard(name)).toEqual(['guest']);
    }
    // The mailed verification link works signed in too (it shows its confirmation).
    expect(guard('verification.verify')).toEqual([]);
    for (const name of [
      'wallet',
      'ranking',
      'settings.profile',
      'settings.password',
      'settings.2fa',
      'earn.referrals',
      'earn.rakeback',
      'earn.locks',
    ]) {
      expect(guard(name)).toEqual(['auth']);
    }
    expect(guard('admin')).toEqual(['auth', 'admin']);
    for (const game of GAMES) expect(guard(game.id)).toEqual([]);
  });
});
