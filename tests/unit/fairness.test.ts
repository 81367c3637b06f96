import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  floats,
  hashServerSeed,
  hmacSha256,
  sha256,
  toHex,
  utf8,
} from '../../games/fairness/index';
import {
  MAX_PAYOUT_CENTS,
  capPayout,
  multiplierToNumber,
  parseMultiplierE4,
  payoutCents,
} from '../../games/fairness/money';

/** Deterministic bytes (xorshift32), so the inputs are the same on every run. */
function seededBytes(seed: number, length: number): Uint8Array {
  let x = seed || 1;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const nodeSha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const nodeHmac = (key: Uint8Array, data: Uint8Array) =>
  createHmac('sha256', key).update(data).digest('hex');

describe('sha256', () => {
  it('matches the FIPS 180-2 examples', () => {
    expect(toHex(sha256(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto for every length from 0 to 300 bytes (all padding cases)', () => {
    for (let length = 0; length <= 300; length++) {
      const data = seededBytes(length + 7, length);
      expect(toHex(sha256(data)), `length ${length}`).toBe(nodeSha(data));
    }
  });

  it('hashes a million bytes like node:crypto', () => {
    const data = seededBytes(99, 1_000_000);
    expect(toHex(sha256(data))).toBe(nodeSha(data));
  });
});

describe('hmacSha256', () => {
  // RFC 4231 test cases 1, 2, 3, 4, 6 and 7 (case 5 is a truncated output).
  const cases: [Uint8Array, Uint8Array, string][] = [
    [
      new Uint8Array(20).fill(0x0b),
      utf8('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      utf8('Jefe'),
      utf8('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      new Uint8Array(20).fill(0xaa),
      new Uint8Array(50).fill(0xdd),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      Uint8Array.from({ length: 25 }, (_, i) => i + 1),
      new Uint8Array(50).fill(0xcd),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      new Uint8Array(131).fill(0xaa),
      utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      new Uint8Array(131).fill(0xaa),
      utf8(
        'This is a test using a larger than block-size key and a larger than block-size data. ' +
          'The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ];

  it('matches the RFC 4231 vectors', () => {
    for (const [key, data, expected] of cases) expect(toHex(hmacSha256(key, data))).toBe(expected);
  });

  it('matches node:crypto for keys and messages of many lengths', () => {
    for (let keyLength = 0; keyLength <= 140; keyLength += 7) {
      for (let length = 0; length <= 140; length += 11) {
        const key = seededBytes(keyLength * 1000 + length + 1, keyLength);
        const data = seededBytes(length + 3, length);
        expect(toHex(hmacSha256(key, data))).toBe(nodeHmac(key, data));
      }
    }
  });
});

describe('utf8', () => {
  it('encodes like Buffer for ASCII, accents, CJK and astral characters', () => {
    for (const text of ['', 'bb62964774', 'ünïcödé', '种子', 'dice 🎲 x', '\u07ff\u0800\uffff']) {
      expect(Buffer.from(utf8(text)).toString('hex')).toBe(
        Buffer.from(text, 'utf8').toString('hex'),
      );
    }
  });
});

/** The floats of docs/fairness.md written against node:crypto, as an independent reference. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const digest = createHmac('sha256', serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(
        digest[i]! / 256 +
          digest[i + 1]! / 65536 +
          digest[i + 2]! / 16777216 +
          digest[i + 3]! / 4294967296,
      );
    }
  }
  return out;
}

describe('floats', () => {
  const serverSeed = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';

  it('equals the node:crypto reference across rounds, nonces and client seeds', () => {
    for (const clientSeed of ['bb62964774', 'my own seed: lucky 7!', 'ü']) {
      for (const nonce of [0, 1, 2, 99, 123_456]) {
        for (const count of [1, 8, 9, 16, 24, 25]) {
          expect(floats(serverSeed, clientSeed, nonce, count)).toEqual(
            referenceFloats(serverSeed, clientSeed, nonce, count),
          );
        }
      }
    }
  });

  it('starts round 1 at float 8 and stays in [0, 1)', () => {
    const all = floats(serverSeed, 'bb62964774', 1, 24);
    expect(all).toHaveLength(24);
    expect(all.slice(0, 8)).toEqual(floats(serverSeed, 'bb62964774', 1, 8));
    for (const f of all) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(all[0]).toBeCloseTo(0.7717409993, 9);
  });

  it('hashes the server seed as its ASCII text', () => {
    expect(hashServerSeed(serverSeed)).toBe(nodeSha(Buffer.from(serverSeed, 'ascii')));
    expect(hashServerSeed(serverSeed)).not.toBe(nodeSha(Buffer.from(serverSeed, 'hex')));
  });
});

describe('money', () => {
  it('pays floor(amount * multiplier) exactly where floating point would not', () => {
    expect(Math.floor(100 * 0.29)).toBe(28);
    expect(payoutCents(100, parseMultiplierE4('0.29')!)).toBe(29);
    expect(payoutCents(1, 19_999)).toBe(1);
    expect(payoutCents(3, 10_700)).toBe(3);
    expect(payoutCents(1_000_000, 99_000_000)).toBe(9_900_000_000);
    expect(payoutCents(0, 99_000_000)).toBe(0);
  });

  it('switches to BigInt when the product leaves 2^53', () => {
    const amount = 900_719_925_474;
    const multiplier = 123_456_789;
    expect(Number.isSafeInteger(amount * multiplier)).toBe(false);
    expect(payoutCents(amount, multiplier)).toBe(
      Number((BigInt(amount) * BigInt(multiplier)) / 10_000n),
    );
    expect(() => payoutCents(1.5, 10_000)).toThrow(RangeError);
  });

  it('caps a payout at 1,000,000.00', () => {
    expect(MAX_PAYOUT_CENTS).toBe(100_000_000);
    expect(capPayout(100_000_001)).toBe(100_000_000);
    expect(capPayout(99_999_999)).toBe(99_999_999);
  });

  it('parses multipliers of up to 4 decimals exactly', () => {
    expect(parseMultiplierE4('5.6')).toBe(56_000);
    expect(parseMultiplierE4('1000')).toBe(10_000_000);
    expect(parseMultiplierE4('0.0001')).toBe(1);
    expect(parseMultiplierE4('1.00001')).toBeNull();
    expect(parseMultiplierE4('-1')).toBeNull();
    expect(multiplierToNumber(19_603)).toBe(1.9603);
  });
});
