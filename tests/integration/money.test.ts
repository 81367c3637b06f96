import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../server/http/errors';
import { amountToCents, type AmountBounds } from '../../server/http/money';
import { makeAdmin, unbalancedUsers } from '../support/money';
import {
  call,
  createTestDatabase,
  describeEachDatabase,
  registerUser,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../support/testApp';

describe('amountToCents (the wire-money parser)', () => {
  const bounds: AmountBounds = { max: 10_000 };
  it.each([
    [1.5, 150],
    [0.01, 1],
    [0.29, 29],
    [1.1, 110],
    [10_000, 1_000_000],
    [123.45, 12_345],
    [4503599627370.49, 450_359_962_737_049],
  ])('%s -> %s cents', (value, cents) => {
    expect(amountToCents('amount', value, { max: 1e13 })).toBe(cents);
  });

  function fieldError(value: unknown, b = bounds): string {
    try {
      amountToCents('amount', value, b);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const fields = (error as ValidationError).fields;
      expect(Object.keys(fields)).toEqual(['amount']);
      return fields.amount![0]!.key;
    }
    throw new Error(`${String(value)} was accepted`);
  }

  it('refuses non-numbers, zero, negatives, more than 2 decimals and amounts over the maximum', () => {
    expect(fieldError('1.50')).toBe('validation.number');
    expect(fieldError(null)).toBe('validation.number');
    expect(fieldError(Number.NaN)).toBe('validation.number');
    expect(fieldError(Number.POSITIVE_INFINITY)).toBe('validation.number');
    expect(fieldError(0)).toBe('validation.min');
    expect(fieldError(-5)).toBe('validation.min');
    expect(fieldError(0.001)).toBe('validation.min');
    expect(fieldError(1.005)).toBe('money.decimals');
    expect(fieldError(0.015)).toBe('money.decimals');
    expect(fieldError(10_000.01)).toBe('validation.max');
    expect(fieldError(1e308)).toBe('validation.max');
  });

  it('takes signed amounts when the minimum allows them', () => {
    expect(amountToCents('amount', -10, { min: -100, max: 100 })).toBe(-1000);
    expect(fieldError(-100.01, { min: -100, max: 100 })).toBe('validation.min');
  });
});

describeEachDatabase('balance changes under concurrency', (kind) => {
  let testDb: TestDatabase;
  let server: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    server = await startTestApp(testDb);
    const admin = await registerUser(server.url);
    await makeAdmin(server.database.db, admin.id);
    adminToken = admin.token;
  });
  afterAll(async () => {
    await server?.close();
    await testDb?.dispose();
  });

  it('200 parallel debits of 10.00 against 1,000.00: exactly 100 succeed, the balance ends at 0.00', async () => {
    const player = await registerUser(server.url);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call<{ balance?: number; errors?: Record<string, string[]> }>(
          server.url,
          'POST',
          `/api/admin/users/${player.id}/balance`,
          {
            token: adminToken,
            body: { amount: -10, reason: 'parallel debit', reference: `p-${kind}-${i}` },
          },
        ),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.amount).toEqual(['Insufficient balance.']);
    }
    // Each success saw a distinct balance on the way down: 990, 980, ..., 0.
    const seen = ok.map((a) => Math.round(a.body.balance! * 100)).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i * 1000));

    const balance = await call(server.url, 'GET', '/api/user/balance', { token: player.token });
    expect(balance.body).toEqual({ balance: 0 });
    const ledger = await call<{ balance: number; ledger_sum: number; entries: unknown[] }>(
      server.url,
      'GET',
      `/api/admin/users/${player.id}/ledger?limit=500`,
      { token: adminToken },
    );
    expect(ledger.status).toBe(200);
    expect(ledger.body.balance).toBe(0);
    expect(ledger.body.ledger_sum).toBe(0);
    expect(ledger.body.entries).toHaveLength(101); // the sign-up credit and 100 debits
    expect(await unbalancedUsers(server.database.db)).toEqual([]);
  });

  it('parallel credits and debits of several users keep every ledger equal to its balance', async () => {
    const players = await Promise.all([1, 2, 3].map(() => registerUser(server.url)));
    const jobs = Array.from({ length: 150 }, (_, i) => {
      const player = players[i % players.length]!;
      const amount = i % 3 === 0 ? 7.77 : -12.34;
      return call(server.url, 'POST', `/api/admin/users/${player.id}/balance`, {
        token: adminToken,
        body: { amount, reason: 'mixed' },
      });
    });
    const answers = await Promise.all(jobs);
    expect(answers.every((a) => a.status === 200 || a.status === 422)).toBe(true);
    expect(await unbalancedUsers(server.database.db)).toEqual([]);
  });
});
