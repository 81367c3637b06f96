import { Secret, TOTP } from 'otpauth';

/** Codes from one step before or after the current 30-second step are accepted (clock drift). */
export const TOTP_WINDOW = 1;
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = 'account', issuer = 'Casino'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URL an authenticator app scans. */
export function otpauthUrl(secretBase32: string, label: string, issuer: string): string {
  return totp(secretBase32, label, issuer).toString();
}

/** The time step (Unix time / 30 s) whose code `code` is, within the window; null if none. */
export function totpStep(
  secretBase32: string,
  code: string,
  timestamp = Date.now(),
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** True when `code` is the TOTP of the current step or a neighbouring one. */
export function checkTotp(secretBase32: string, code: string, timestamp = Date.now()): boolean {
  return totpStep(secretBase32, code, timestamp) !== null;
}

/** The code for a moment (tests and the admin tooling). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totp(secretBase32).generate({ timestamp });
}
