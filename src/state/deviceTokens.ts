/**
 * The device tokens POST /api/login answers, one per account e-mail, kept in localStorage: a
 * later sign-in to that account sends it back, and the server then does not hold this browser
 * in the account's lock after someone else's failed attempts (it still needs the password).
 */
const KEY = 'casino.device_tokens';
/** Accounts remembered per browser (the oldest is dropped first). */
const MAX_ACCOUNTS = 10;

type Tokens = Record<string, string>;

const normalize = (email: string) => email.trim().toLowerCase();

function read(): Tokens {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    // Storage blocked or a malformed value: no device token, the sign-in works without one.
    return {};
  }
}

/** The device token saved for this account's e-mail, if any. */
export function deviceTokenFor(email: string): string | undefined {
  return read()[normalize(email)];
}

/** Saves the account's new device token (the newest account last; at most MAX_ACCOUNTS). */
export function saveDeviceToken(email: string, token: string): void {
  const key = normalize(email);
  const tokens = read();
  delete tokens[key];
  tokens[key] = token;
  const entries = Object.entries(tokens).slice(-MAX_ACCOUNTS);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or blocked: the next sign-in goes without a device token.
  }
}
