// The fields the earn screens read beyond the spec's open answers: each referred player's wagers
// and the referrer's commission on them, and a lock's reward as the locks screen previews it.
import { expect, it } from 'vitest';
import { recordBet } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

interface Referred {
  id: number;
  name: string;
  created_at: string;
  wagered: number;
  commission: number;
}

describeEachDatabase('earn screens: referred players and lock rewards', (kind) => {
  const suite = appOnDatabase(kind);

  it('lists each referred player with their wagers and the commission on them', async () => {
    const referrer = await registerUser(suite.server.url);
    const me = await call<{ referral_code: string }>(suite.server.url, 'GET', '/api/referrals/me', {
      token: referrer.token,
    });
    const register = (name: string) =>
      registerUser(suite.server.url, {
        name,
        email: `${name.toLowerCase().replace(/\s/g, '-')}-${kind}@example.test`,
        password: 'friend-pass-1',
        referral_code: me.body.referral_code,
      });
    const busy = await register('Busy Friend');
    const idle = await register('Idle Friend');
    await recordBet(suite.server.database.db, busy.id, 50_000);
    await recordBet(suite.server.database.db, busy.id, 25_050, 10_000);

    const after = await call<{ referred: Referred[]; earnings: { total: number } }>(
      suite.server.url,
      'GET',
      '/api/referrals/me',
      { token: referrer.token },
    );
    expect(after.status).toBe(200);
    const byId = new Map(after.body.referred.map((r) => [r.id, r]));
    // 750.50 staked (payouts do not count); 0.10% of it rounded down to a cent.
    expect(byId.get(busy.id)).toMatchObject({ wagered: 750.5, commission: 0.75 });
    expect(byId.get(idle.id)).toMatchObject({ wagered: 0, commission: 0 });
    expect(Number.isNaN(Date.parse(byId.get(idle.id)!.created_at))).toBe(false);
    expect(after.body.earnings.total).toBe(0.75);
  });

  it('rewards a lock with amount x yearly rate x days / 365, rounded down to a cent', async () => {
    const player = await registerUser(suite.server.url);
    const offers = await call<{ options: { days: number; rate: number }[] }>(
      suite.server.url,
      'GET',
      '/api/tokenlocks/me',
      { token: player.token },
    );
    const option = offers.body.options.find((o) => o.days === 30)!;
    const created = await call<{ lock: { reward: number; amount: number } }>(
      suite.server.url,
      'POST',
      '/api/tokenlocks',
      { token: player.token, body: { amount: 123.45, days: 30 } },
    );
    expect(created.status).toBe(201);
    const expected = Math.floor((12_345 * Math.round(option.rate * 100) * 30) / (10_000 * 365));
    expect(created.body.lock.reward).toBe(expected / 100);
  });
});
