/**
 * The navigation middleware pipeline (spec section 2): 'locale' and 'check-auth' run before every
 * screen, then the ones the screen declares in order. Each answers null (go on) or a path to
 * redirect to, which ends the pipeline.
 */
export interface GuardUser {
  role: string;
}

export interface MiddlewareContext {
  /** The full path being entered, with its query string. */
  fullPath: string;
  query: URLSearchParams;
}

/** What the pipeline needs from the app; the browser wiring lives in navigationDeps.ts. */
export interface MiddlewareDeps {
  currentLocale(): string;
  loadLocale(locale: string): Promise<void>;
  hasToken(): boolean;
  user(): GuardUser | null;
  fetchUser(): Promise<unknown>;
  saveIntendedUrl(fullPath: string): void;
  saveReferralCode(code: string): void;
}

export type Middleware = (ctx: MiddlewareContext, deps: MiddlewareDeps) => Promise<string | null>;

export const GLOBAL_MIDDLEWARE = ['locale', 'check-auth'] as const;

export const PATHS = { home: '/', login: '/login', unauthorized: '/unauthorized' } as const;

const locale: Middleware = async (_ctx, deps) => {
  await deps.loadLocale(deps.currentLocale());
  return null;
};

/** Session restore: a token without a loaded user fetches the user; a failure is ignored. */
const checkAuth: Middleware = async (_ctx, deps) => {
  if (deps.hasToken() && !deps.user()) {
    try {
      await deps.fetchUser();
    } catch {
      // ignored: the visitor simply stays a guest
    }
  }
  return null;
};

const auth: Middleware = async (ctx, deps) => {
  if (deps.user()) return null;
  deps.saveIntendedUrl(ctx.fullPath);
  const code = ctx.query.get('referral_code');
  if (code) deps.saveReferralCode(code);
  return PATHS.login;
};

const guest: Middleware = async (_ctx, deps) => (deps.user() ? PATHS.home : null);

const admin: Middleware = async (_ctx, deps) => (deps.user()?.role === 'admin' ? null : PATHS.home);

function role(allowed: string[]): Middleware {
  return async (_ctx, deps) => {
    const user = deps.user();
    return user && allowed.includes(user.role) ? null : PATHS.unauthorized;
  };
}

/** 'role:a,b' takes its comma-separated list of allowed roles. */
export function middlewareByName(name: string): Middleware {
  const [base, args] = name.split(':', 2) as [string, string | undefined];
  switch (base) {
    case 'locale':
      return locale;
    case 'check-auth':
      return checkAuth;
    case 'auth':
      return auth;
    case 'guest':
      return guest;
    case 'admin':
      return admin;
    case 'role':
      return role(
        (args ?? '')
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      );
    default:
      throw new Error(`Unknown middleware '${name}'`);
  }
}

/** Runs the global middleware, then the declared ones; answers the first redirect, or null. */
export async function runMiddleware(
  declared: readonly string[],
  ctx: MiddlewareContext,
  deps: MiddlewareDeps,
): Promise<string | null> {
  for (const name of [...GLOBAL_MIDDLEWARE, ...declared]) {
    const target = await middlewareByName(name)(ctx, deps);
    if (target !== null) return target;
  }
  return null;
}
