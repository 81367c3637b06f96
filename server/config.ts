import path from 'node:path';
import { loadAccountsConfig, type AccountsConfig } from './modules/auth/config';

/** Everything the server reads from its environment, parsed once. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  distDir: string;
  appName: string;
  appUrl: string;
  appUrlApi: string;
  recaptchaSiteKey: string;
  logLevel: string;
  /** Demo credit for every new account, in cents (STARTING_BALANCE in currency units). */
  startingBalanceCents: number;
  /** Accounts and sign-in: mail, signed links, OAuth, reCAPTCHA, rate limits, admin. */
  accounts: AccountsConfig;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: port(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(env.DIST_DIR || path.join(repoRoot, 'dist')),
    appName: env.APP_NAME || 'Casino',
    appUrl: env.APP_URL || '',
    appUrlApi: env.APP_URL_API || '',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || '',
    logLevel: env.LOG_LEVEL || 'info',
    startingBalanceCents: parseAmountToCents('STARTING_BALANCE', env.STARTING_BALANCE || '1000.00'),
    accounts: loadAccountsConfig(env, path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'))),
  };
}
