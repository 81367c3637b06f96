// Players for the benchmarks that need thousands of them: created directly in the scratch
// PostgreSQL database with the server's own functions (createUser without a password, so no
// argon2 hash; issueToken, the token the API accepts as any signed-in client's), a few at a
// time, instead of registering each over HTTP.
import os from 'node:os';
import { openDatabase } from '../../../server/db/database';
import { createUser } from '../../../server/modules/account/service';
import { issueToken } from '../../../server/modules/auth/tokens';

export interface Player {
  id: number;
  token: string;
}

/** `count` players with `balanceCents` each and a bearer token, in the database at `url`. */
export async function seedPlayers(
  databaseUrl: string,
  count: number,
  balanceCents: number,
  concurrency = 16,
): Promise<Player[]> {
  const database = await openDatabase({
    databaseUrl,
    dataDir: os.tmpdir(), // not used on PostgreSQL
    poolSize: concurrency,
    migrate: false, // the server's primary ran them
  });
  const players: Player[] = new Array<Player>(count);
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < count; i = next++) {
          const user = await createUser(
            database.db,
            { name: `Player ${i}`, email: `player-${i}-${tag}@example.test`, password: null },
            balanceCents,
          );
          players[i] = { id: user.id, token: await issueToken(database.db, user.id) };
        }
      }),
    );
  } finally {
    await database.close();
  }
  return players;
}
