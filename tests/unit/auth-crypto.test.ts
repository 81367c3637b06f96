import { describe, expect, it } from 'vitest';
import { checkSignature, signedQuery } from '../../server/modules/auth/signedUrl';
import { checkTotp, newTotpSecret, totpCode, totpStep } from '../../server/modules/auth/totp';

const key = Buffer.from('unit-test-key');

function parts(query: string) {
  const params = new URLSearchParams(query);
  return {
    expires: params.get('expires') ?? undefined,
    signature: params.get('signature') ?? undefined,
  };
}

describe('signed links', () => {
  const now = 1_800_000_000;
  const q = parts(signedQuery(key, 'verify-email', '7|a@b.test', now + 3600));

  it('accepts its own signature until it expires, then reports expired', () => {
    expect(checkSignature(key, 'verify-email', '7|a@b.test', q.expires, q.signature, now)).toBe(
      'valid',
    );
    expect(
      checkSignature(key, 'verify-email', '7|a@b.test', q.expires, q.signature, now + 3600),
    ).toBe('valid');
    expect(
      checkSignature(key, 'verify-email', '7|a@b.test', q.expires, q.signature, now + 3601),
    ).toBe('expired');
  });

  it('refuses another payload, purpose, key, expiry or a malformed signature', () => {
    expect(checkSignature(key, 'verify-email', '8|a@b.test', q.expires, q.signature, now)).toBe(
      'invalid',
    );
    expect(checkSignature(key, 'verify-email', '7|c@b.test', q.expires, q.signature, now)).toBe(
      'invalid',
    );
    expect(checkSignature(key, 'reset', '7|a@b.test', q.expires, q.signature, now)).toBe('invalid');
    expect(
      checkSignature(
        Buffer.from('other'),
        'verify-email',
        '7|a@b.test',
        q.expires,
        q.signature,
        now,
      ),
    ).toBe('invalid');
    const later = String(Number(q.expires) + 1);
    expect(checkSignature(key, 'verify-email', '7|a@b.test', later, q.signature, now)).toBe(
      'invalid',
    );
    expect(checkSignature(key, 'verify-email', '7|a@b.test', q.expires, 'zz', now)).toBe('invalid');
    expect(checkSignature(key, 'verify-email', '7|a@b.test', undefined, q.signature, now)).toBe(
      'invalid',
    );
    expect(checkSignature(key, 'verify-email', '7|a@b.test', q.expires, undefined, now)).toBe(
      'invalid',
    );
  });
});

describe('TOTP', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const t = 1_800_000_015_000; // 15 s into a 30 s step

  it('accepts the current step and one step either side, nothing further', () => {
    expect(checkTotp(secret, totpCode(secret, t), t)).toBe(true);
    expect(checkTotp(secret, totpCode(secret, t - 30_000), t)).toBe(true);
    expect(checkTotp(secret, totpCode(secret, t + 30_000), t)).toBe(true);
    expect(checkTotp(secret, totpCode(secret, t - 60_000), t)).toBe(false);
    expect(checkTotp(secret, totpCode(secret, t + 60_000), t)).toBe(false);
  });

  it('names the step a code belongs to (the replay record is kept per step)', () => {
    const step = Math.floor(t / 30_000);
    expect(totpStep(secret, totpCode(secret, t), t)).toBe(step);
    expect(totpStep(secret, totpCode(secret, t - 30_000), t)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, t + 30_000), t)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, t + 60_000), t)).toBeNull();
  });

  it('refuses malformed codes and codes of another secret', () => {
    const code = totpCode(secret, t);
    expect(checkTotp(secret, `${code}0`, t)).toBe(false);
    expect(checkTotp(secret, 'abcdef', t)).toBe(false);
    expect(checkTotp(secret, '', t)).toBe(false);
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, t)).toBe(true);
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    const other = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(other, t)).not.toBe(code);
    expect(checkTotp(other, code, t)).toBe(false);
  });
});
