import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../games/shared/wire/types';
import { users } from '../../server/db/schema';
import { images } from '../../server/modules/images/schema';
import { GALLERY_CAP } from '../../server/modules/images/service';
import { prng } from '../support/prng';
import {
  appOnDatabase,
  describeEachDatabase,
  registerUser,
  type AppOnDatabase,
} from '../support/testApp';

interface UploadAnswer {
  status: number;
  body: {
    image_id?: string;
    width?: number;
    height?: number;
    message?: string;
    errors?: Record<string, string[]>;
  };
}

const random = prng(20);
/** Noise compresses badly, so a picture of noise is a realistic (large) file. */
const noise = (bytes: number) =>
  Buffer.from(Array.from({ length: bytes }, () => (random() * 256) | 0));

async function picture(format: 'png' | 'jpeg' | 'webp', width = 640, height = 480) {
  const raw = await sharp(noise(width * height * 3), { raw: { width, height, channels: 3 } });
  return raw[format]().toBuffer();
}

async function upload(
  base: string,
  token: string | null,
  file: { bytes: Buffer; name: string; type: string } | null,
  kind?: string,
): Promise<UploadAnswer> {
  const form = new FormData();
  if (kind !== undefined) form.append('kind', kind);
  if (file)
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${base}/api/images`, {
    method: 'POST',
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as UploadAnswer['body'] };
}

async function imageRows(suite: AppOnDatabase): Promise<number> {
  const [row] = await suite.server.database.db.select({ n: count() }).from(images);
  return Number(row?.n ?? 0);
}

describeEachDatabase('images', (kind) => {
  const suite = appOnDatabase(kind);

  it('stores PNG, JPEG and WebP re-encoded and serves them with year-long cache headers', async () => {
    const user = await registerUser(suite.server.url);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await picture(format, 640, 480);
      const res = await upload(
        suite.server.url,
        user.token,
        { bytes, name: `holiday.${format}`, type: `image/${format}` },
        'gallery',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.image_id!;
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(res.body).toMatchObject({ kind: 'gallery', width: 640, height: 480 });

      const served = await fetch(`${suite.server.url}/api/image/${id}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const etag = served.headers.get('etag');
      expect(etag).toBe(`"${id}"`);
      const body = Buffer.from(await served.arrayBuffer());
      const decoded = await sharp(body).metadata();
      expect(decoded).toMatchObject({ format: 'webp', width: 640, height: 480 });
      expect(decoded.exif).toBeUndefined();

      const again = await fetch(`${suite.server.url}/api/image/${id}`, {
        headers: { 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
    }
    const list = await suite.client.call<{ data: { image_id: string }[] }>(
      'GET',
      `/api/users/${user.id}/images`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
  });

  it('fits a large gallery picture into 2048 px and strips its metadata', async () => {
    const user = await registerUser(suite.server.url);
    const bytes = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    expect(bytes.includes('secret-camera-owner')).toBe(true);
    const res = await upload(
      suite.server.url,
      user.token,
      { bytes, name: 'wide.jpg', type: 'image/jpeg' },
      'gallery',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 2048, height: 683 });
    const served = Buffer.from(
      await (await fetch(`${suite.server.url}/api/image/${res.body.image_id}`)).arrayBuffer(),
    );
    expect(served.includes('secret-camera-owner')).toBe(false);
  });

  it('refuses what is not a PNG, JPEG or WebP image with a 422 and stores nothing', async () => {
    const user = await registerUser(suite.server.url);
    const png = await picture('png', 400, 300);
    const oversized = Buffer.concat([png.subarray(0, 8), noise(5 * 1024 * 1024)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const gif = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#ff0000' },
    })
      .gif()
      .toBuffer();
    // 10,000 x 10,000 px of one colour: a few hundred kilobytes that would decode to 300 MB.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' },
    })
      .png()
      .toBuffer();
    const cases: { name: string; bytes: Buffer; type: string; field: string; says: RegExp }[] = [
      {
        name: 'notes.png',
        bytes: Buffer.from('just some text\n'.repeat(50)),
        type: 'image/png',
        field: 'file',
        says: /PNG, JPEG or WebP/,
      },
      {
        name: 'cut.png',
        bytes: png.subarray(0, png.length / 2),
        type: 'image/png',
        field: 'file',
        says: /PNG, JPEG or WebP/,
      },
      { name: 'big.png', bytes: oversized, type: 'image/png', field: 'file', says: /5 MB/ },
      {
        name: 'vector.svg',
        bytes: svg,
        type: 'image/svg+xml',
        field: 'file',
        says: /PNG, JPEG or WebP/,
      },
      {
        name: 'vector.png',
        bytes: svg,
        type: 'image/png',
        field: 'file',
        says: /PNG, JPEG or WebP/,
      },
      { name: 'anim.gif', bytes: gif, type: 'image/gif', field: 'file', says: /PNG, JPEG or WebP/ },
      { name: 'bomb.png', bytes: bomb, type: 'image/png', field: 'file', says: /megapixels/ },
    ];
    const before = await imageRows(suite);
    for (const c of cases) {
      const res = await upload(suite.server.url, user.token, c, 'gallery');
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), c.name).toEqual([c.field]);
      expect(res.body.errors![c.field]![0], c.name).toMatch(c.says);
      expect(await imageRows(suite), c.name).toBe(before);
    }

    const missing = await upload(suite.server.url, user.token, null, 'gallery');
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.file?.[0]).toMatch(/required/);
    const wrongKind = await upload(
      suite.server.url,
      user.token,
      { bytes: png, name: 'ok.png', type: 'image/png' },
      'banner',
    );
    expect(wrongKind.status).toBe(422);
    expect(Object.keys(wrongKind.body.errors ?? {})).toEqual(['kind']);
    const json = await suite.client.call('POST', '/api/images', {
      token: user.token,
      body: { file: 'aGVsbG8=' },
    });
    expect(json.status).toBe(422);
    expect(await imageRows(suite)).toBe(before);

    // Translated like every other answer.
    const spanish = await fetch(`${suite.server.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'es' },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(svg)], { type: 'image/svg+xml' }), 'x.svg');
        return form;
      })(),
    });
    expect(spanish.status).toBe(422);
    expect(((await spanish.json()) as { message: string }).message).toMatch(
      /imagen PNG, JPEG o WebP/,
    );
  });

  it('answers a guest 401 and stores nothing', async () => {
    const before = await imageRows(suite);
    const res = await upload(
      suite.server.url,
      null,
      { bytes: await picture('png', 20, 20), name: 'a.png', type: 'image/png' },
      'avatar',
    );
    expect(res.status).toBe(401);
    expect(await imageRows(suite)).toBe(before);
  });

  it('makes an avatar the account’s image_id, 256 px square, and replaces the previous one', async () => {
    const user = await registerUser(suite.server.url);
    const me = () =>
      suite.client.call<{ image_id: string | null }>('GET', '/api/user', { token: user.token });
    expect((await me()).body.image_id).toBeNull();

    const first = await upload(
      suite.server.url,
      user.token,
      { bytes: await picture('jpeg', 300, 900), name: 'me.jpg', type: 'image/jpeg' },
      'avatar',
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'avatar', width: 256, height: 256 });
    expect((await me()).body.image_id).toBe(first.body.image_id);

    const second = await upload(
      suite.server.url,
      user.token,
      { bytes: await picture('png', 500, 500), name: 'me2.png', type: 'image/png' },
      'avatar',
    );
    expect(second.status).toBe(201);
    expect((await me()).body.image_id).toBe(second.body.image_id);
    expect((await fetch(`${suite.server.url}/api/image/${first.body.image_id}`)).status).toBe(404);
    const served = await fetch(`${suite.server.url}/api/image/${second.body.image_id}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      width: 256,
      height: 256,
    });
    // An avatar is not a gallery picture.
    const list = await suite.client.call<{ data: unknown[] }>(
      'GET',
      `/api/users/${user.id}/images`,
    );
    expect(list.body.data).toEqual([]);

    // Deleting the current avatar clears it.
    const removed = await suite.client.call('DELETE', `/api/images/${second.body.image_id}`, {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect((await me()).body.image_id).toBeNull();
  });

  it('deletes only the owner’s images; unknown ids are 404', async () => {
    const owner = await registerUser(suite.server.url);
    const other = await registerUser(suite.server.url);
    const res = await upload(
      suite.server.url,
      owner.token,
      { bytes: await picture('webp', 64, 64), name: 'x.webp', type: 'image/webp' },
      'gallery',
    );
    const id = res.body.image_id!;
    const refused = await suite.client.call('DELETE', `/api/images/${id}`, { token: other.token });
    expect(refused.status).toBe(403);
    const guest = await suite.client.call('DELETE', `/api/images/${id}`);
    expect(guest.status).toBe(401);
    expect((await fetch(`${suite.server.url}/api/image/${id}`)).status).toBe(200);

    expect(
      (
        await suite.client.call('DELETE', '/api/images/AAAAAAAAAAAAAAAAAAAAAA', {
          token: owner.token,
        })
      ).status,
    ).toBe(404);
    const unknown = await fetch(`${suite.server.url}/api/image/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect((await fetch(`${suite.server.url}/api/image/..%2F..%2Fetc`)).status).toBe(404);

    const deleted = await suite.client.call('DELETE', `/api/images/${id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${suite.server.url}/api/image/${id}`)).status).toBe(404);
    expect(
      (await suite.client.call<{ data: unknown[] }>('GET', `/api/users/${owner.id}/images`)).body
        .data,
    ).toEqual([]);
    expect((await suite.client.call('GET', '/api/users/999999/images')).status).toBe(404);
  });

  it(`keeps at most ${GALLERY_CAP} gallery pictures per player`, async () => {
    const user = await registerUser(suite.server.url);
    const tiny = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    await suite.server.database.db.insert(images).values(
      Array.from({ length: GALLERY_CAP }, (_, i) => ({
        id: `cap-${user.id}-${i}`,
        userId: user.id,
        kind: 'gallery',
        mime: 'image/webp',
        width: 2,
        height: 2,
        bytes: tiny,
      })),
    );
    const before = await imageRows(suite);
    const full = await upload(
      suite.server.url,
      user.token,
      { bytes: await picture('png', 20, 20), name: 'one-more.png', type: 'image/png' },
      'gallery',
    );
    expect(full.status).toBe(422);
    expect(full.body.errors?.file?.[0]).toMatch(/full/);
    expect(await imageRows(suite)).toBe(before);
    // An avatar does not count against the gallery.
    const avatar = await upload(
      suite.server.url,
      user.token,
      { bytes: await picture('png', 20, 20), name: 'me.png', type: 'image/png' },
      'avatar',
    );
    expect(avatar.status).toBe(201);
  });

  describe('profile', () => {
    it('shows the name, picture, join date and stats computed from real bets', async () => {
      const player = await registerUser(suite.server.url, { name: 'Profile Star' });
      const stakes = [1.5, 0.25, 2, 0.75];
      const placed: { game: string; amount: number; payout: number; multiplier: number }[] = [];
      for (const amount of stakes) {
        const res = await suite.client.call<{
          bet: { game: string; amount: number; payout: number; multiplier: number };
        }>('POST', '/api/games/dice/bets', {
          token: player.token,
          body: { amount, target: 50, condition: 'under' },
        });
        expect(res.status).toBe(200);
        placed.push(res.body.bet);
      }
      const spin = await suite.client.call<{
        bet: { game: string; amount: number; payout: number; multiplier: number };
      }>('POST', '/api/games/plinko/bets', {
        token: player.token,
        body: { amount: 0.5, rows: 8, risk: 'low' },
      });
      expect(spin.status).toBe(200);
      placed.push(spin.body.bet);
      // A mines game left open is not a result yet: it counts nowhere.
      const open = await suite.client.call('POST', '/api/games/mines/games', {
        token: player.token,
        body: { amount: 3, mines: 3 },
      });
      expect(open.status).toBe(200);

      const avatar = await upload(
        suite.server.url,
        player.token,
        { bytes: await picture('png', 100, 100), name: 'me.png', type: 'image/png' },
        'avatar',
      );

      const res = await suite.client.call<Profile>('GET', `/api/profile/${player.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: player.id,
        name: 'Profile Star',
        image_id: avatar.body.image_id,
        bets_hidden: false,
      });
      expect(Date.now() - Date.parse(res.body.created_at)).toBeLessThan(10 * 60_000);
      const stats = res.body.stats!;
      const wagered = placed.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;
      expect(stats.bets).toBe(placed.length);
      expect(stats.wagered).toBe(wagered);
      expect(stats.favourite_game).toBe('dice');
      const wins = placed.filter((b) => b.payout > 0).sort((a, b) => b.payout - a.payout);
      if (wins[0]) {
        expect(stats.biggest_win).toMatchObject({
          payout: wins[0].payout,
          multiplier: wins[0].multiplier,
          game: wins[0].game,
        });
      } else {
        expect(stats.biggest_win).toBeNull();
      }
      expect(res.body.recent_bets).toHaveLength(placed.length);
      expect(res.body.recent_bets[0]).toMatchObject({ game: 'plinko', amount: 0.5 });
      expect(res.body.recent_bets.map((b) => b.game)).not.toContain('mines');
      for (const bet of res.body.recent_bets) {
        expect(Object.keys(bet).sort()).toEqual(
          ['amount', 'created_at', 'game', 'id', 'multiplier', 'payout'].sort(),
        );
      }
    });

    it('keeps the bets of a player who hides their name private, except from themselves', async () => {
      const player = await registerUser(suite.server.url, { name: 'Quiet One' });
      const viewer = await registerUser(suite.server.url);
      expect(
        (
          await suite.client.call('POST', '/api/games/dice/bets', {
            token: player.token,
            body: { amount: 1, target: 50, condition: 'over' },
          })
        ).status,
      ).toBe(200);
      await suite.server.database.db
        .update(users)
        .set({ hideName: true })
        .where(eq(users.id, player.id));
      for (const token of [undefined, viewer.token]) {
        const res = await suite.client.call<Profile>('GET', `/api/profile/${player.id}`, { token });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          name: 'Quiet One',
          bets_hidden: true,
          stats: null,
          recent_bets: [],
        });
      }
      const own = await suite.client.call<Profile>('GET', `/api/profile/${player.id}`, {
        token: player.token,
      });
      expect(own.body.bets_hidden).toBe(false);
      expect(own.body.stats?.bets).toBe(1);
    });

    it('answers 404 for an unknown player', async () => {
      expect((await suite.client.call('GET', '/api/profile/987654')).status).toBe(404);
      expect((await suite.client.call('GET', '/api/profile/2147483648')).status).toBe(404);
    });
  });
});

describeEachDatabase('image upload rate limit', (kind) => {
  const suite = appOnDatabase(kind, { env: { RATE_LIMITS: 'on' } });

  it('answers 429 after 30 uploads in 10 minutes from one account', async () => {
    const user = await registerUser(suite.server.url);
    const tiny = await picture('png', 8, 8);
    for (let i = 0; i < 30; i++) {
      const res = await upload(
        suite.server.url,
        user.token,
        { bytes: tiny, name: 't.png', type: 'image/png' },
        'gallery',
      );
      expect(res.status).toBe(201);
    }
    const over = await upload(
      suite.server.url,
      user.token,
      { bytes: tiny, name: 't.png', type: 'image/png' },
      'gallery',
    );
    expect(over.status).toBe(429);
  }, 60_000);
});
