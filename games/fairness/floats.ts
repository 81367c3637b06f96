import { hmacSha256, sha256, toHex, utf8 } from './hash';

const FLOATS_PER_ROUND = 8;

/**
 * The bet's random floats (see docs/fairness.md): for round = 0, 1, ... the digest
 * HMAC_SHA256(server_seed, `${client_seed}:${nonce}:${round}`) gives 8 floats of 4 bytes each,
 * f = b0/256 + b1/256^2 + b2/256^3 + b3/256^4, so 0 <= f < 1.
 */
export function floats(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): number[] {
  const key = utf8(serverSeed);
  const result: number[] = [];
  for (let round = 0; result.length < count; round++) {
    const digest = hmacSha256(key, utf8(`${clientSeed}:${nonce}:${round}`));
    for (let i = 0; i < FLOATS_PER_ROUND && result.length < count; i++) {
      const o = i * 4;
      result.push(
        digest[o]! / 256 +
          digest[o + 1]! / 256 ** 2 +
          digest[o + 2]! / 256 ** 3 +
          digest[o + 3]! / 256 ** 4,
      );
    }
  }
  return result;
}

/** SHA-256 hex of the server seed's ASCII text: the commitment shown before any bet. */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}
