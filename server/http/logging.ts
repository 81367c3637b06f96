import type { FastifyServerOptions } from 'fastify';

const REDACTED = '[redacted]';

/**
 * Names whose values never reach the log, wherever they appear: object keys (any depth, any
 * case, `-` and `_` ignored) and query parameters of logged URLs. `params` is a failed query's
 * bound values (Drizzle), which hold whatever the statement wrote: password hashes, seeds.
 */
export const SECRET_NAMES = [
  'password',
  'passwordConfirmation',
  'currentPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'accessToken',
  'refreshToken',
  'idToken',
  'authorization',
  'cookie',
  'setCookie',
  'secret',
  'clientSecret',
  'twoFactorSecret',
  'otpauthUrl',
  'qrSvg',
  'oneTimePassword',
  'code',
  'codeVerifier',
  'state',
  'signature',
  'serverSeed',
  'appKey',
  'recaptchaToken',
  'gRecaptchaResponse',
  'params',
  'parameters',
] as const;

const canonical = (name: string) => name.replace(/[-_]/g, '').toLowerCase();
const SECRET_KEYS = new Set(SECRET_NAMES.map(canonical));
export const isSecretName = (name: string) => SECRET_KEYS.has(canonical(name));

/** Secrets recognised by their shape, in any logged text. */
const SECRET_PATTERNS: [RegExp, string][] = [
  // A failed query's message and stack end with its bound values.
  [/\nparams: [\s\S]*?(?=\n\s+at |$)/g, `\nparams: ${REDACTED}`],
  [/\$argon2(?:id|i|d)\$[^\s"',]+/g, REDACTED], // password hashes
  [/\b\d{1,12}\|[A-Za-z0-9]{40}\b/g, REDACTED], // access tokens
  [/\b[A-Za-z0-9]{64}\b/g, REDACTED], // reset tokens, server seeds, token hashes
  [/\b(Bearer|Basic)\s+[^\s"',]+/gi, `$1 ${REDACTED}`],
  [/\b(secret|token|signature|code|state)=[^&\s"']+/gi, `$1=${REDACTED}`],
];

export function scrubText(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, by]) => out.replace(pattern, by), text);
}

/** A URL with the values of its secret query parameters replaced. */
export function scrubUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return scrubText(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponentSafe(pair.split('=')[0] ?? '');
      return isSecretName(name) ? `${pair.split('=')[0]}=${REDACTED}` : pair;
    })
    .join('&');
  return scrubText(`${url.slice(0, at)}?${query}`);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * A copy of a logged value with secrets removed: strings scrubbed by shape, values under secret
 * names replaced, errors turned into {type, message, stack, ...} (their own fields and cause
 * scrubbed too). Other class instances (request, reply) are left to the serializers.
 */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > 8) return '[…]';
  if (value instanceof Error) {
    seen.add(value);
    const out: Record<string, unknown> = {
      type: value.constructor?.name || 'Error',
      message: scrubText(value.message),
      stack: scrubText(value.stack ?? ''),
    };
    for (const [key, child] of Object.entries(value)) {
      out[key] = isSecretName(key) ? REDACTED : scrubValue(child, depth + 1, seen);
    }
    if (value.cause !== undefined) out.cause = scrubValue(value.cause, depth + 1, seen);
    return out;
  }
  if (!isPlain(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = isSecretName(key) ? REDACTED : scrubValue(child, depth + 1, seen);
  }
  return out;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LogArgs = unknown[];

/**
 * The server's logger: every call passes through scrubValue, and requests are logged with their
 * secret query values replaced, so no password hash, token, signature or seed is ever written.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req) => ({
        method: req.method,
        url: scrubUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      err: (err) => scrubValue(err) as { type: string; message: string; stack: string },
    },
    hooks: {
      logMethod(args, method) {
        const input = args as LogArgs;
        const [first, ...rest] = input;
        const scrubbed: LogArgs =
          first instanceof Error
            ? [
                { err: scrubValue(first) },
                ...(typeof rest[0] === 'string' ? [] : [scrubText(first.message)]),
                ...rest.map((a) => scrubValue(a)),
              ]
            : input.map((a) => scrubValue(a));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}
