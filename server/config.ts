import path from 'node:path';
import { loadAccountsConfig, type AccountsConfig } from './modules/auth/config';
import { loadChainConfig, type ChainConfig } from './modules/chain/config';
import { REPO_ROOT } from './repoRoot';

/** Everything the server reads from its environment, parsed once. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  distDir: string;
  appName: string;
  /**
   * The app's public origin (APP_URL, no trailing slash): the base of every mailed link, the CORS
   * origin and the OAuth popup's target. Never taken from a request header. Unset, it is
   * http://localhost:PORT and `appUrlIsDefault` is set (the server warns at start).
   */
  appUrl: string;
  appUrlIsDefault: boolean;
  /** APP_URL_API, no trailing slash; '' means the API is on the app's origin. */
  appUrlApi: string;
  /** NODE_ENV=production: the server refuses to start without what production needs. */
  production: boolean;
  recaptchaSiteKey: string;
  logLevel: string;
  /** Demo credit for every new account, in cents (STARTING_BALANCE in currency units). */
  startingBalanceCents: number;
  /** Accounts and sign-in: mail, signed links, OAuth, reCAPTCHA, rate limits, admin. */
  accounts: AccountsConfig;
  /**
   * WEB_CONCURRENCY: how many server workers share the port (node:cluster); undefined when unset,
   * which means the number of cores on PostgreSQL and 1 on PGlite (server/cluster.ts decides).
   */
  webConcurrency: number | undefined;
  /** The real wallet on an EVM chain (CHAIN_RPC_URL and a house key), or null: play money. */
  chain: ChainConfig | null;
}

/** '1000.00' -> 100000 cents; at most 2 decimals, not negative. */
export function parseAmountToCents(name: string, value: string): number {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(value.trim())) {
    throw new Error(`${name} must be an amount with at most 2 decimals, got '${value}'`);
  }
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got '${value}'`);
  }
  return n;
}

/** WEB_CONCURRENCY: a whole number of workers from 1 to 1024, or undefined when unset. */
function workers(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1024) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 1024, got '${value}'`);
  }
  return n;
}

/** An absolute http(s) URL without a trailing slash, or '' when unset. */
function publicUrl(name: string, value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (!text) return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got '${text}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got '${text}'`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must not carry a query, fragment or credentials, got '${text}'`);
  }
  return url.toString().replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const listenPort = port(env.PORT, 8080);
  const production = env.NODE_ENV === 'production';
  const appUrl = publicUrl('APP_URL', env.APP_URL);
  const accounts = loadAccountsConfig(
    env,
    path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
  );
  if (production) {
    if (!appUrl) {
      throw new Error(
        'NODE_ENV=production needs APP_URL (the public address mailed links point to)',
      );
    }
    if (!accounts.rateLimits) throw new Error('NODE_ENV=production refuses RATE_LIMITS=off');
  }
  return {
    port: listenPort,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(env.DIST_DIR || path.join(REPO_ROOT, 'dist')),
    appName: env.APP_NAME || 'Casino',
    appUrl: appUrl || `http://localhost:${listenPort}`,
    appUrlIsDefault: !appUrl,
    appUrlApi: publicUrl('APP_URL_API', env.APP_URL_API),
    production,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || '',
    logLevel: env.LOG_LEVEL || 'info',
    startingBalanceCents: parseAmountToCents('STARTING_BALANCE', env.STARTING_BALANCE || '1000.00'),
    accounts,
    webConcurrency: workers(env.WEB_CONCURRENCY),
    chain: loadChainConfig(env),
  };
}
