import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';

/** This process's name in chain_leases (a restarted process is a new holder). */
export const LEASE_HOLDER = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Takes or renews the lease on a chain job for `ms`: true when this process holds it now. One
 * statement: a free or expired lease goes to whoever asks first, a held one only to its holder.
 * The lease saves work (one instance reads the chain for a job); correctness never rests on it,
 * as every write of the jobs is a compare-and-set in the database.
 */
export async function holdLease(db: Db, name: string, ms: number): Promise<boolean> {
  const rows = rowsOf<{ holder: string }>(
    await db.execute(sql`INSERT INTO chain_leases (name, holder, until)
      VALUES (${name}, ${LEASE_HOLDER}, now() + ${ms} * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
      WHERE chain_leases.holder = EXCLUDED.holder OR chain_leases.until < now()
      RETURNING holder`),
  );
  return rows.length === 1;
}

/** Gives the lease up (a clean shutdown), so another instance takes over at once. */
export async function releaseLease(db: Db, name: string): Promise<void> {
  await db.execute(sql`DELETE FROM chain_leases WHERE name = ${name} AND holder = ${LEASE_HOLDER}`);
}
