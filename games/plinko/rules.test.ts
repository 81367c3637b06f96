import { describe, expect, it } from 'vitest';
import { floats } from '../fairness/index';
import { PLINKO_RISKS, playPlinko, plinkoMultipliersE4, plinkoPath, validatePlinko } from './rules';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

const asNumbers = (e4: number[]) => e4.map((m) => m / 10_000);

describe('plinko rules', () => {
  it('follows the published vector: path RRLRLLLLRLLLRLLL and buckets 3,4,4,4,4,5,5,5,5', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 16);
    expect(plinkoPath(f, 16)).toBe('RRLRLLLLRLLLRLLL');
    const buckets = [8, 9, 10, 11, 12, 13, 14, 15, 16].map(
      (rows) => playPlinko(rows, 'low', f).bucket,
    );
    expect(buckets).toEqual([3, 4, 4, 4, 4, 5, 5, 5, 5]);
    expect(playPlinko(16, 'high', f)).toEqual({
      path: 'RRLRLLLLRLLLRLLL',
      bucket: 5,
      multiplierE4: 20_000,
    });
  });

  it('mirrors the tables: a single centre for even rows, a doubled one for odd rows', () => {
    expect(asNumbers(plinkoMultipliersE4(8, 'low'))).toEqual([
      5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6,
    ]);
    expect(asNumbers(plinkoMultipliersE4(9, 'low'))).toEqual([
      5.6, 2, 1.6, 1, 0.7, 0.7, 1, 1.6, 2, 5.6,
    ]);
    expect(asNumbers(plinkoMultipliersE4(16, 'high'))).toEqual([
      1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000,
    ]);
    expect(asNumbers(plinkoMultipliersE4(15, 'medium'))).toEqual([
      88, 18, 11, 5, 3, 1.3, 0.5, 0.3, 0.3, 0.5, 1.3, 3, 5, 11, 18, 88,
    ]);
    for (let rows = 8; rows <= 16; rows++) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoMultipliersE4(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual(table);
      }
    }
    expect(() => plinkoMultipliersE4(7, 'low')).toThrow(RangeError);
  });

  it('returns between 98.9% and 99.2% on every one of the 27 tables, exactly', () => {
    let tables = 0;
    for (let rows = 8; rows <= 16; rows++) {
      for (const risk of PLINKO_RISKS) {
        // RTP * 2^rows * 10000 = sum over buckets of C(rows, k) * multiplier(k).
        const returned = plinkoMultipliersE4(rows, risk).reduce(
          (sum, m, k) => sum + binomial(rows, k) * BigInt(m),
          0n,
        );
        const scale = 2n ** BigInt(rows) * 10_000n;
        expect(returned * 1000n >= 989n * scale, `${rows} ${risk}`).toBe(true);
        expect(returned * 1000n <= 992n * scale, `${rows} ${risk}`).toBe(true);
        tables += 1;
      }
    }
    expect(tables).toBe(27);
  });

  it('puts the ball in the bucket that counts its rights, for every path of 8 rows', () => {
    for (let bits = 0; bits < 256; bits++) {
      const f = Array.from({ length: 8 }, (_, i) => ((bits >> i) & 1 ? 0.75 : 0.25));
      const outcome = playPlinko(8, 'medium', f);
      const rights = f.filter((x) => x >= 0.5).length;
      expect(outcome.bucket).toBe(rights);
      expect(outcome.multiplierE4).toBe(plinkoMultipliersE4(8, 'medium')[rights]);
    }
  });

  it('validates rows and risk', () => {
    expect(validatePlinko(8, 'low')).toEqual([]);
    expect(validatePlinko(16, 'high')).toEqual([]);
    expect(validatePlinko(7, 'low').map((i) => i.field)).toEqual(['rows']);
    expect(validatePlinko(17, 'low').map((i) => i.field)).toEqual(['rows']);
    expect(validatePlinko(12.5, 'low').map((i) => i.field)).toEqual(['rows']);
    expect(validatePlinko(12, 'wild').map((i) => i.field)).toEqual(['risk']);
  });
});
