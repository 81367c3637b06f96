import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accessTokens, users, type User } from '../../db/schema';
import { notFound, ValidationError } from '../../http/errors';
import { centsToAmount } from '../../../games/fairness/index';
import { revokeAllTokens } from '../auth/tokens';
import { betJson } from '../bets/json';
import { likeContains } from '../creators/routes';
import { seedPairs } from '../fairness/schema';
import { bets } from '../games/schema';
import { lockJson } from '../tokenlocks/service';
import { tokenLocks } from '../tokenlocks/schema';
import { ledgerEntryJson, ledgerPage, ledgerSum } from '../wallet/ledger';
import { recordAction } from './actions';
import { activeBlock, blockJson } from '../responsible-play/store';

/** A player as the console lists them. */
export function playerJson(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    balance: centsToAmount(user.balanceCents),
    two_factor_enabled: user.twoFactorEnabled,
    suspended_at: user.suspendedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** Players whose id is `query` (digits), or whose e-mail or name contains it; newest first. */
export async function searchPlayers(db: Db, query: string, limit: number): Promise<User[]> {
  const text = query.trim();
  const pattern = likeContains(text);
  const matches = [ilike(users.email, pattern), ilike(users.name, pattern)];
  if (/^\d{1,9}$/.test(text)) matches.push(eq(users.id, Number(text)));
  return db
    .select()
    .from(users)
    .where(text ? or(...matches) : undefined)
    .orderBy(desc(users.id))
    .limit(limit);
}

async function playerOf(db: Db, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

const PAGE = 50;

/** A player's page: balance and ledger sum, the latest ledger rows, bets, locks and sessions. */
export async function playerPage(db: Db, userId: number) {
  const user = await playerOf(db, userId);
  const now = new Date();
  const [ledger, sum, recentBets, locks, sessions, block] = await Promise.all([
    ledgerPage(db, userId, { limit: PAGE }),
    ledgerSum(db, userId),
    db
      .select({ bet: bets, pair: seedPairs })
      .from(bets)
      .innerJoin(seedPairs, eq(seedPairs.id, bets.seedPairId))
      .where(eq(bets.userId, userId))
      .orderBy(desc(bets.id))
      .limit(PAGE),
    db
      .select()
      .from(tokenLocks)
      .where(eq(tokenLocks.userId, userId))
      .orderBy(desc(tokenLocks.id))
      .limit(PAGE),
    db
      .select({
        id: accessTokens.id,
        name: accessTokens.name,
        createdAt: accessTokens.createdAt,
        lastUsedAt: accessTokens.lastUsedAt,
        expiresAt: accessTokens.expiresAt,
      })
      .from(accessTokens)
      .where(eq(accessTokens.userId, userId))
      .orderBy(desc(accessTokens.id))
      .limit(PAGE),
    activeBlock(db, userId),
  ]);
  return {
    user: playerJson(user),
    play_block: blockJson(block),
    balance: centsToAmount(user.balanceCents),
    ledger_sum: centsToAmount(sum),
    ledger: ledger.map(ledgerEntryJson),
    bets: recentBets.map(({ bet, pair }) => betJson(bet, pair)),
    locks: locks.map((lock) => lockJson(lock, now)),
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt?.toISOString() ?? null,
      expires_at: s.expiresAt?.toISOString() ?? null,
    })),
  };
}

type Change = 'suspend' | 'unsuspend' | 'reset_two_factor';

/**
 * Suspends or unsuspends a player, or turns their two-factor authentication off, with its entry
 * in the audit log, in one transaction under the player's row lock. Suspending revokes every
 * token of the player at once. An operator cannot do these to their own account.
 */
export async function changePlayer(
  db: Db,
  change: Change,
  input: { adminId: number; userId: number; reason: string },
): Promise<User> {
  if (input.adminId === input.userId) throw ValidationError.field('id', 'admin.self');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.userId))
      .for('no key update');
    if (!user) throw notFound();
    let set: Partial<User>;
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    if (change === 'reset_two_factor') {
      if (!user.twoFactorEnabled && !user.twoFactorSecret) {
        throw ValidationError.field('id', 'admin.no_two_factor');
      }
      set = { twoFactorEnabled: false, twoFactorSecret: null };
      before = { two_factor_enabled: user.twoFactorEnabled };
      after = { two_factor_enabled: false };
    } else {
      const suspend = change === 'suspend';
      if (suspend === (user.suspendedAt !== null)) {
        throw ValidationError.field(
          'id',
          suspend ? 'admin.already_suspended' : 'admin.not_suspended',
        );
      }
      const at = suspend ? new Date() : null;
      set = { suspendedAt: at };
      before = { suspended_at: user.suspendedAt?.toISOString() ?? null };
      after = { suspended_at: at?.toISOString() ?? null };
    }
    const [updated] = await tx
      .update(users)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    if (change === 'suspend') await revokeAllTokens(tx, user.id);
    await recordAction(tx, {
      adminId: input.adminId,
      action: change,
      targetUserId: user.id,
      before,
      after: input.reason ? { ...after, reason: input.reason } : after,
    });
    return updated!;
  });
}
