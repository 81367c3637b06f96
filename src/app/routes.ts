import type { ComponentType } from 'react';
import { GAMES, gamePath, gameTitleKey } from '../../games/shared/registry/catalog';
import type { StaticKey } from '../i18n';

/** Layouts of spec section 2; 'default' is used when a screen chooses none. */
export type LayoutName = 'advanced' | 'basic' | 'main' | 'no-nav' | 'default';

export type RouteParams = Record<string, string>;

export interface ScreenProps {
  /** The route's name (for the game pages, the game id). */
  routeName: string;
  params: RouteParams;
  /** The query string the screen was entered with ('' or '?a=b'); it stays fixed while it fades out. */
  search: string;
  /** What the screen module's `prefetch` answered before it was shown. */
  data: unknown;
}

/** A lazy screen chunk: the component, and optionally the data it needs before it shows. */
export interface ScreenModule {
  default: ComponentType<ScreenProps>;
  prefetch?: (params: RouteParams) => Promise<unknown>;
}

export interface RouteDef {
  name: string;
  /** Pattern with `:name` segments, e.g. '/profile/:uid'. */
  path: string;
  titleKey: StaticKey;
  load: () => Promise<ScreenModule>;
  layout?: LayoutName;
  /** Middleware the screen declares: 'auth', 'guest', 'admin', 'role:a,b'. */
  middleware?: string[];
  /** The screen keeps the scroll position instead of scrolling to the top after navigation. */
  keepScroll?: boolean;
  /** Game id for the game pages (their header shows the game's name). */
  game?: string;
  /**
   * The route exists only when this holds for the address's query string (development tools):
   * otherwise the path shows the not-found page.
   */
  only?: (search: string) => boolean;
  /**
   * The screen shows only the first part of the messages (src/i18n/parts.ts): it does not wait
   * for the rest, which is fetched once it is shown.
   */
  firstPartOnly?: boolean;
}

export interface RedirectDef {
  path: string;
  redirect: string;
}

const GUEST = ['guest'];

/** Development builds, or `?debug` in the address (as the engine's debug overlay opens). */
export const debugTools = (search: string): boolean =>
  import.meta.env.DEV || /(^|[?&])debug(=|&|$)/.test(search);
const AUTH = ['auth'];

const gameRoutes: RouteDef[] = GAMES.map((game) => ({
  name: game.id,
  path: gamePath(game),
  // Registry ids are data: tests/unit/shell/locales.test.ts holds every game's title key.
  titleKey: gameTitleKey(game) as StaticKey,
  load: () => import('../pages/GamePage'),
  layout: 'main',
  game: game.id,
}));

/** The one route table of the app (spec section 2). */
export const ROUTES: readonly RouteDef[] = [
  {
    name: 'home',
    path: '/',
    titleKey: 'nav.casino',
    load: () => import('../pages/HomePage'),
    layout: 'advanced',
    firstPartOnly: true,
  },
  {
    name: 'giveaways',
    path: '/giveaways',
    titleKey: 'giveaways.title',
    load: () => import('../pages/GiveawaysPage'),
    layout: 'advanced',
  },
  {
    name: 'gallery',
    path: '/gallery',
    titleKey: 'profile.gallery_title',
    load: () => import('../pages/ProfilePage'),
    layout: 'advanced',
  },
  {
    name: 'explore',
    path: '/explore',
    titleKey: 'explore.title',
    load: () => import('../pages/ExplorePage'),
    layout: 'advanced',
  },
  {
    name: 'profile',
    path: '/profile/:uid',
    titleKey: 'profile.title',
    load: () => import('../pages/ProfilePage'),
    layout: 'advanced',
  },
  {
    name: 'login',
    path: '/login',
    titleKey: 'auth.login',
    load: () => import('../pages/auth/LoginPage'),
    middleware: GUEST,
  },
  {
    name: 'register',
    path: '/register',
    titleKey: 'auth.register',
    load: () => import('../pages/auth/RegisterPage'),
    middleware: GUEST,
  },
  {
    name: 'register.confirm',
    path: '/register/confirm/:token',
    titleKey: 'auth.confirm_registration',
    load: () => import('../pages/auth/ConfirmRegistrationPage'),
    middleware: GUEST,
  },
  {
    name: 'password.request',
    path: '/password/reset',
    titleKey: 'auth.reset_password',
    load: () => import('../pages/auth/PasswordEmailPage'),
    middleware: GUEST,
  },
  {
    name: 'password.reset',
    path: '/password/reset/:token',
    titleKey: 'auth.reset_password',
    load: () => import('../pages/auth/PasswordResetPage'),
    middleware: GUEST,
  },
  {
    name: 'verification.verify',
    path: '/email/verify/:id',
    titleKey: 'auth.verify_email',
    load: () => import('../pages/auth/VerifyEmailPage'),
    // Open to everyone (no guest guard): the mailed link is mostly opened signed in (a changed
    // e-mail, a fresh account), and a guest-only screen sent that player home unconfirmed.
  },
  {
    name: 'verification.resend',
    path: '/email/resend',
    titleKey: 'auth.resend_verification',
    load: () => import('../pages/auth/ResendEmailPage'),
    middleware: GUEST,
  },
  {
    name: 'wallet',
    path: '/wallet',
    titleKey: 'wallet.title',
    load: () => import('../pages/WalletPage'),
    layout: 'advanced',
    middleware: AUTH,
  },
  ...gameRoutes,
  {
    name: 'ranking',
    path: '/ranking',
    titleKey: 'ranking.title',
    load: () => import('../pages/RankingPage'),
    layout: 'advanced',
    middleware: AUTH,
  },
  {
    name: 'settings.profile',
    path: '/settings/profile',
    titleKey: 'settings.profile',
    load: () => import('../pages/settings/ProfileSettingsPage'),
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'settings.password',
    path: '/settings/password',
    titleKey: 'settings.password',
    load: () => import('../pages/settings/PasswordSettingsPage'),
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'settings.2fa',
    path: '/settings/2fa',
    titleKey: 'settings.two_factor',
    load: () => import('../pages/settings/TwoFactorSettingsPage'),
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'settings.game',
    path: '/settings/game',
    titleKey: 'settings.game',
    load: () => import('../pages/settings/GameSettingsPage'),
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'settings.play',
    path: '/settings/responsible-play',
    titleKey: 'settings.responsible_play',
    load: () => import('../pages/settings/ResponsiblePlayPage'),
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'earn.referrals',
    path: '/earn/referrals',
    titleKey: 'earn.referrals',
    load: () => import('../pages/earn/ReferralsPage'),
    layout: 'advanced',
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'earn.rakeback',
    path: '/earn/rakeback',
    titleKey: 'earn.rakeback',
    load: () => import('../pages/earn/RakebackPage'),
    layout: 'advanced',
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'earn.locks',
    path: '/earn/locks',
    titleKey: 'earn.locks',
    load: () => import('../pages/earn/LocksPage'),
    layout: 'advanced',
    middleware: AUTH,
    keepScroll: true,
  },
  {
    name: 'admin',
    path: '/admin',
    titleKey: 'admin.title',
    load: () => import('../pages/AdminPage'),
    middleware: ['auth', 'admin'],
  },
  {
    // The engine's own demo page (engine issue): no top bar, open to everyone.
    name: 'dev.engine',
    path: '/dev/engine',
    titleKey: 'dev.engine',
    load: () => import('../pages/dev/EngineDemoPage'),
    layout: 'no-nav',
  },
  {
    // The scene lab (games/shared/lab/): a game's scene in any state its rules allow, for
    // designers and support. Development builds and ?debug only.
    name: 'lab',
    path: '/lab/:game',
    titleKey: 'dev.lab.title',
    load: () => import('../pages/dev/SceneLabPage'),
    layout: 'no-nav',
    only: debugTools,
  },
  {
    name: 'unauthorized',
    path: '/unauthorized',
    titleKey: 'unauthorized.title',
    load: () => import('../pages/UnauthorizedPage'),
    layout: 'basic',
  },
];

export const NOT_FOUND_ROUTE: RouteDef = {
  name: 'not-found',
  path: '*',
  titleKey: 'not_found.title',
  load: () => import('../pages/NotFoundPage'),
  layout: 'advanced',
};

export const REDIRECTS: readonly RedirectDef[] = [
  { path: '/settings', redirect: '/settings/profile' },
  { path: '/earn', redirect: '/earn/referrals' },
  { path: '/referrals', redirect: '/earn/referrals' },
];

/** Matches a pattern like '/profile/:uid' against a path; answers the decoded params or null. */
export function matchPath(pattern: string, path: string): RouteParams | null {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const want = trim(pattern).split('/');
  const have = trim(path).split('/');
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    if (w.startsWith(':')) {
      if (h === '') return null;
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) return null;
  }
  return params;
}

export type Resolved =
  { kind: 'redirect'; to: string } | { kind: 'route'; def: RouteDef; params: RouteParams };

/** What a path shows: a redirect, a route with its params, or the 404 route. */
export function resolvePath(
  path: string,
  routes: readonly RouteDef[] = ROUTES,
  search = '',
): Resolved {
  for (const r of REDIRECTS) {
    if (matchPath(r.path, path)) return { kind: 'redirect', to: r.redirect };
  }
  for (const def of routes) {
    if (def.only && !def.only(search)) continue;
    const params = matchPath(def.path, path);
    if (params) return { kind: 'route', def, params };
  }
  return { kind: 'route', def: NOT_FOUND_ROUTE, params: {} };
}

/** The path of a named route: route('profile', { uid: 7 }) === '/profile/7'. Every link uses it. */
export function route(
  name: string,
  params: Record<string, string | number> = {},
  query: Record<string, string> = {},
): string {
  const def = ROUTES.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown route '${name}'`);
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route '${name}' needs the parameter '${key}'`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
