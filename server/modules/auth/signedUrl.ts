import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links (Laravel's URL::temporarySignedRoute, host-independent): the signature
 * is HMAC-SHA256(appKey, "<purpose>|<payload>|<expires>") in hex; `expires` is Unix seconds.
 */
export function signature(key: Buffer, purpose: string, payload: string, expires: number): string {
  return createHmac('sha256', key).update(`${purpose}|${payload}|${expires}`).digest('hex');
}

export function signedQuery(
  key: Buffer,
  purpose: string,
  payload: string,
  expires: number,
): string {
  return `expires=${expires}&signature=${signature(key, purpose, payload, expires)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

/** Checks a link's `expires` and `signature` query values; a valid but stale link is 'expired'. */
export function checkSignature(
  key: Buffer,
  purpose: string,
  payload: string,
  expires: string | undefined,
  given: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!expires || !given || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(given)) {
    return 'invalid';
  }
  const expected = Buffer.from(signature(key, purpose, payload, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}
