import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ledgerEntries } from '../../server/db/schema';
import { ValidationError } from '../../server/http/errors';
import { changeBalances, InsufficientFundsError } from '../../server/modules/wallet/service';
import { amountToCents, type AmountBounds } from '../../server/http/money';
import { makeAdmin, unbalancedUsers } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

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
  const suite = appOnDatabase(kind);
  let adminToken: string;

  beforeAll(async () => {
    const admin = await registerUser(suite.server.url);
    await makeAdmin(suite.server.database.db, admin.id);
    adminToken = admin.token;
  });

  it('200 parallel debits of 10.00 against 1,000.00: exactly 100 succeed, the balance ends at 0.00', async () => {
    const player = await registerUser(suite.server.url);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call<{ balance?: number; errors?: Record<string, string[]> }>(
          suite.server.url,
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

    const balance = await call(suite.server.url, 'GET', '/api/user/balance', {
      token: player.token,
    });
    expect(balance.body).toEqual({ balance: 0 });
    const ledger = await call<{ balance: number; ledger_sum: number; entries: unknown[] }>(
      suite.server.url,
      'GET',
      `/api/admin/users/${player.id}/ledger?limit=500`,
      { token: adminToken },
    );
    expect(ledger.status).toBe(200);
    expect(ledger.body.balance).toBe(0);
    expect(ledger.body.ledger_sum).toBe(0);
    expect(ledger.body.entries).toHaveLength(101); // the sign-up credit and 100 debits
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });

  it('parallel credits and debits of several users keep every ledger equal to its balance', async () => {
    const players = await Promise.all([1, 2, 3].map(() => registerUser(suite.server.url)));
    const jobs = Array.from({ length: 150 }, (_, i) => {
      const player = players[i % players.length]!;
      const amount = i % 3 === 0 ? 7.77 : -12.34;
      return call(suite.server.url, 'POST', `/api/admin/users/${player.id}/balance`, {
        token: adminToken,
        body: { amount, reason: 'mixed' },
      });
    });
    const answers = await Promise.all(jobs);
    expect(answers.every((a) => a.status === 200 || a.status === 422)).toBe(true);
    expect(await unbalancedUsers(suite.server.database.db)).toEqual([]);
  });

  it('changes a balance by several ledger lines in order, refusing any running total below zero', async () => {
    const player = await registerUser(suite.server.url); // 1,000.00 of demo credit
    const db = suite.server.database.db;
    const lines = (reference: string) =>
      db
        .select({
          delta: ledgerEntries.deltaCents,
          reason: ledgerEntries.reason,
          after: ledgerEntries.balanceAfterCents,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, player.id), eq(ledgerEntries.reference, reference)))
        .orderBy(asc(ledgerEntries.id));

    const after = await db.transaction((tx) =>
      changeBalances(tx, player.id, [
        { deltaCents: -60_000, reason: 'bet', reference: 'multi-1' },
        { deltaCents: 0, reason: 'payout', reference: 'multi-1' },
        { deltaCents: 25_000, reason: 'payout', reference: 'multi-1' },
      ]),
    );
    expect(after).toBe(65_000);
    // The zero line writes nothing; each line carries the balance after it.
    expect(await lines('multi-1')).toEqual([
      { delta: -60_000, reason: 'bet', after: 40_000 },
      { delta: 25_000, reason: 'payout', after: 65_000 },
    ]);

    // The sum (+10.00) would fit, but the first line alone would take the balance below zero.
    await expect(
      db.transaction((tx) =>
        changeBalances(tx, player.id, [
          { deltaCents: -65_001, reason: 'bet', reference: 'multi-2' },
          { deltaCents: 66_001, reason: 'payout', reference: 'multi-2' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await lines('multi-2')).toEqual([]);
    expect(await unbalancedUsers(db)).toEqual([]);
  });
});
