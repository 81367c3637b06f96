// Game settings (server/modules/settings/gameSettings.ts) over HTTP on PGlite and PostgreSQL: the
// defaults, a partial change that keeps the rest, 422 field errors that change nothing, the
// settings following the account to another session, and no access without a token.
import { expect, it } from 'vitest';
import type { GameSettings } from '../../src/api/gameSettings';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Settings = GameSettings;
type Body = Settings & { message?: string; errors?: Record<string, string[]> };

const DEFAULTS: Settings = {
  instant: false,
  reduced_motion: null,
  sound_muted: false,
  volume: 80,
  hotkeys: null,
  haptics: false,
};

describeEachDatabase('game settings', (kind) => {
  const suite = appOnDatabase(kind);
  const get = (token?: string) =>
    call<Body>(suite.server.url, 'GET', '/api/settings/game', { token });
  const patch = (token: string | undefined, body: unknown) =>
    call<Body>(suite.server.url, 'PATCH', '/api/settings/game', { token, body });

  it('starts at the defaults, changes what is given and keeps it for the next session', async () => {
    const player = await registerUser(suite.server.url);
    const first = await get(player.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(DEFAULTS);

    const changed = await patch(player.token, { instant: true, volume: 35, reduced_motion: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...DEFAULTS, instant: true, volume: 35, reduced_motion: true });
    const again = await patch(player.token, { reduced_motion: null, hotkeys: false });
    expect(again.body).toEqual({ ...DEFAULTS, instant: true, volume: 35, hotkeys: false });

    // Another sign-in (another browser) reads the same settings.
    const login = await call<{ token: string }>(suite.server.url, 'POST', '/api/login', {
      body: { email: player.email, password: player.password },
    });
    expect((await get(login.body.token)).body).toEqual(again.body);
    // Another player's are their own.
    const other = await registerUser(suite.server.url);
    expect((await get(other.token)).body).toEqual(DEFAULTS);
  });

  it('answers 422 with field errors for bad values and changes nothing', async () => {
    const player = await registerUser(suite.server.url);
    await patch(player.token, { volume: 50, sound_muted: true });
    for (const [body, field] of [
      [{ volume: 101 }, 'volume'],
      [{ volume: -1 }, 'volume'],
      [{ volume: 12.5 }, 'volume'],
      [{ instant: 'yes' }, 'instant'],
      [{ reduced_motion: 'system' }, 'reduced_motion'],
      [{ haptics: null }, 'haptics'],
    ] as const) {
      const bad = await patch(player.token, { sound_muted: false, ...body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.errors?.[field]?.[0], JSON.stringify(bad.body)).toEqual(expect.any(String));
    }
    expect((await patch(player.token, { volume: 101 })).body.errors?.volume?.[0]).toBe(
      'The volume field must not be greater than 100.',
    );
    expect((await patch(player.token, { colour: 'red' })).status).toBe(422);
    expect((await get(player.token)).body).toEqual({
      ...DEFAULTS,
      volume: 50,
      sound_muted: true,
    });
  });

  it('needs a signed-in player', async () => {
    expect((await get()).status).toBe(401);
    expect((await patch(undefined, { instant: true })).status).toBe(401);
  });
});
