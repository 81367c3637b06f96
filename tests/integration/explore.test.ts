// What the explore page reads: the top creators (the plain creator list, in the ranking's order)
// and the posts with their author's name and avatar. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { makeAdmin, recordBet } from '../support/money';
import { appOnDatabase, call, describeEachDatabase, registerUser } from '../support/testApp';

type Player = Awaited<ReturnType<typeof registerUser>>;
interface CreatorJson {
  id: number;
  name: string;
  image_id: string | null;
}
interface PostJson {
  id: number;
  title: string;
  body: string;
  image_id: string | null;
  author: { id: number; name: string; image_id: string | null } | null;
  created_at: string;
}

describeEachDatabase('explore: top creators and posts with their authors', (kind) => {
  const suite = appOnDatabase(kind);
  const url = () => suite.server.url;
  let admin: Player;

  beforeAll(async () => {
    admin = await registerUser(url(), { name: 'Operator Olga' });
    await makeAdmin(suite.server.database.db, admin.id);
  });

  it('lists the creators with the largest balances first without a search, by name with one', async () => {
    const poor = await registerUser(url(), { name: 'Aaron Explorer' });
    const rich = await registerUser(url(), { name: 'Zora Explorer' });
    // Every account starts with the same balance: a loss puts one below the other.
    await recordBet(suite.server.database.db, poor.id, 500);
    const top = await call<CreatorJson[]>(url(), 'GET', '/api/creators');
    expect(top.status).toBe(200);
    const ids = top.body.map((c) => c.id);
    expect(ids.indexOf(rich.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(rich.id)).toBeLessThan(ids.indexOf(poor.id));
    expect(Object.keys(top.body[0]!).sort()).toEqual(['id', 'image_id', 'name']);

    const searched = await call<CreatorJson[]>(url(), 'GET', '/api/creators?search_str=explorer');
    expect(searched.body.map((c) => c.name)).toEqual(['Aaron Explorer', 'Zora Explorer']);
  });

  it("answers each post's author with name and avatar, keeping the post's own fields", async () => {
    await suite.server.database.db
      .update(users)
      .set({ imageId: 'avatar-olga' })
      .where(eq(users.id, admin.id));
    const created = await call<{ id: number }>(url(), 'POST', '/api/admin/posts', {
      token: admin.token,
      body: { title: 'Season two', body: 'New tables are open.' },
    });
    expect(created.status).toBe(201);

    const posts = await call<PostJson[]>(url(), 'GET', '/api/post/get');
    expect(posts.status).toBe(200);
    const post = posts.body.find((p) => p.id === created.body.id);
    expect(post).toMatchObject({
      title: 'Season two',
      body: 'New tables are open.',
      image_id: null,
      author: { id: admin.id, name: 'Operator Olga', image_id: 'avatar-olga' },
    });
    expect(Number.isNaN(Date.parse(post!.created_at))).toBe(false);
  });
});
