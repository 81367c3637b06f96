import path from 'node:path';
import {
  oauthProvidersFromEnv,
  type OAuthProviderConfig,
  type OAuthProviderId,
} from '../oauth/config';

/** Accounts and sign-in settings, read from the environment (docs/operators.md). */
export interface AccountsConfig {
  /** APP_KEY: secret for signed links; unset, one is generated once and kept in the database. */
  appKey: string | undefined;
  mailDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  recaptchaSecret: string | undefined;
  recaptchaVerifyUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this server writes (separates deployments and test runs). */
  redisPrefix: string;
  /** REDIS_TIMEOUT_MS: one Redis command's deadline, past which the server goes on without it. */
  redisTimeoutMs: number;
  /** RATE_LIMITS=off switches the limits off (tests and benchmarks only). */
  rateLimits: boolean;
  admin: { email: string; password: string; name: string } | null;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host to believe (Fastify's trustProxy). Default
   * 'loopback': a reverse proxy on the same host; trusting everyone would let any client pick the
   * IP its rate limits are counted under.
   */
  trustProxy: boolean | string;
  oauth: Record<OAuthProviderId, OAuthProviderConfig | null>;
}

export function loadAccountsConfig(env: NodeJS.ProcessEnv, dataDir: string): AccountsConfig {
  const adminEmail = env.ADMIN_EMAIL?.trim();
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminEmail && !adminPassword) throw new Error('ADMIN_EMAIL is set but ADMIN_PASSWORD is not');
  if (adminPassword && adminPassword.length < 8) {
    throw new Error('ADMIN_PASSWORD must have at least 8 characters');
  }
  return {
    appKey: env.APP_KEY || undefined,
    mailDir: path.resolve(env.MAIL_DIR || path.join(dataDir, 'mail')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Casino <no-reply@casino.localhost>',
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaVerifyUrl:
      env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'casino:',
    redisTimeoutMs: redisTimeoutMs(env.REDIS_TIMEOUT_MS),
    rateLimits: env.RATE_LIMITS !== 'off',
    admin:
      adminEmail && adminPassword
        ? { email: adminEmail, password: adminPassword, name: env.ADMIN_NAME || 'Admin' }
        : null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    oauth: oauthProvidersFromEnv(env),
  };
}

/** REDIS_TIMEOUT_MS: a whole number of milliseconds from 1 to 10,000 (default 50). */
function redisTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return 50;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 10_000) {
    throw new Error(`REDIS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 10000`);
  }
  return ms;
}

/** TRUST_PROXY: 'true' (any peer), 'false', or addresses / CIDRs / presets, comma-separated. */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value.trim() === '') return 'loopback';
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}
