import type { Db, Tx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { translate, type Locale, type MessageKey } from '../../i18n/messages';
import { centsToAmount } from '../wallet/service';
import {
  BET_LIMIT_KINDS,
  LIMIT_PERIODS,
  PERIOD_MS,
  freesAt,
  type LimitKind,
  type LimitPeriod,
} from './rules';
import {
  activeBlock,
  blockJson,
  readSlots,
  readUsage,
  setGuarded,
  slotsAt,
  usageLines,
  type ActiveBlock,
} from './store';

/** The wire's name of a refusal, so that a panel can tell it from other 403s. */
export const LIMIT_REFUSAL = 'play_limit';
export const BLOCK_REFUSAL = 'play_block';

/** A time in a refusal's message: the request's language, in UTC (the wire carries ISO too). */
export function messageTime(locale: Locale, at: Date): string {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(at)} UTC`;
}

export function blockRefusal(block: ActiveBlock): HttpError {
  const key: MessageKey =
    block.kind === 'break'
      ? 'play.on_break'
      : block.until
        ? 'play.excluded'
        : 'play.excluded_for_good';
  return new HttpError(
    403,
    key,
    (locale): Record<string, string> =>
      block.until ? { time: messageTime(locale, block.until) } : {},
    'play.blocked_title',
    { code: BLOCK_REFUSAL, block: blockJson(block) },
  );
}

function limitRefusal(
  kind: LimitKind,
  period: LimitPeriod,
  limitCents: number,
  frees: Date | null,
): HttpError {
  return new HttpError(
    403,
    frees ? 'play.limit_reached' : 'play.stake_over_limit',
    (locale) => ({
      limit: translate(locale, `play.limits.${kind}_${period}` as MessageKey),
      amount: centsToAmount(limitCents).toFixed(2),
      ...(frees ? { time: messageTime(locale, frees) } : {}),
    }),
    'play.limit_title',
    {
      code: LIMIT_REFUSAL,
      limit: {
        kind,
        period,
        amount: centsToAmount(limitCents),
        frees_at: frees?.toISOString() ?? null,
      },
    },
  );
}

/** A 403 when the player is on a break or excluded (giveaway entries, a game's start). */
export async function assertNotBlocked(db: Db | Tx, userId: number): Promise<void> {
  const block = await activeBlock(db, userId);
  if (block) throw blockRefusal(block);
}

/**
 * The responsible-play check of a bet of a guarded player, under the lock of their balance row
 * (the locked path of server/modules/bets/settle.ts), so that no other bet of theirs, on any
 * instance, can slip between this check and the write. Refuses (403) when they are on a break or
 * excluded, or when the stake could take them past a loss or wager limit (the whole stake counts
 * as a possible loss). Clears the guard once nothing applies any more.
 */
export async function enforcePlayRules(tx: Tx, userId: number, stakeCents: number): Promise<void> {
  await assertNotBlocked(tx, userId);
  const stored = await readSlots(tx, userId);
  const { now, used } = await readUsage(tx, userId);
  const slots = slotsAt(stored, now);
  let limited = false;
  for (const kind of BET_LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const limitCents = slots[kind][period].amountCents;
      if (limitCents === null) continue;
      limited = true;
      if (used[kind][period] + stakeCents <= limitCents) continue;
      const lines = await usageLines(tx, userId, kind, period);
      const frees = freesAt(lines, used[kind][period], stakeCents, limitCents, PERIOD_MS[period]);
      throw limitRefusal(kind, period, limitCents, frees);
    }
  }
  if (!limited) await setGuarded(tx, userId, false);
}

/**
 * How much more the player's deposit limits let in now (the smallest room of any period), or
 * null when they have none. The deposit scan holds a deposit that does not fit.
 */
export async function depositRoomCents(db: Db | Tx, userId: number): Promise<number | null> {
  const stored = await readSlots(db, userId);
  const { now, used } = await readUsage(db, userId);
  const slots = slotsAt(stored, now);
  let room: number | null = null;
  for (const period of LIMIT_PERIODS) {
    const limitCents = slots.deposit[period].amountCents;
    if (limitCents === null) continue;
    room = Math.min(room ?? Infinity, Math.max(0, limitCents - used.deposit[period]));
  }
  return room;
}
