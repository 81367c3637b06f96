import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import { ledgerEntries } from '../../db/schema';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { isLedgerReason, LEDGER_REASONS, type LedgerReason } from './reasons';

/** The ledger filter of the wallet's ledger, CSV and balance routes, as the query string has it. */
export const LedgerFilterQuery = Type.Object({
  reason: Type.Optional(
    Type.String({
      maxLength: 400,
      description: `comma-separated reasons: ${LEDGER_REASONS.join(', ')}`,
    }),
  ),
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'inclusive: a date (YYYY-MM-DD, from 00:00 UTC) or an ISO date-time with offset',
    }),
  ),
  to: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'a date (YYYY-MM-DD: up to the end of that day, UTC) or an exclusive ISO date-time with offset',
    }),
  ),
});
export type LedgerFilterInput = Static<typeof LedgerFilterQuery>;

export interface LedgerFilter {
  userId: number;
  reasons: LedgerReason[];
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/** A bound of the range, or undefined when it is not a real date (2026-02-30 is not). */
function parseBound(text: string, end: boolean): Date | undefined {
  const day = DATE.exec(text);
  if (day) {
    const date = new Date(`${text}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return undefined;
    return end ? new Date(date.getTime() + DAY_MS) : date;
  }
  if (!DATE_TIME.test(text)) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  // The calendar part must exist as written (Date rolls 02-30 over into March).
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return undefined;
  return date;
}

/** Within what PostgreSQL's timestamptz and JS both hold without surprises. */
const inRange = (date: Date) => date.getUTCFullYear() >= 1970 && date.getUTCFullYear() <= 9999;

/** The query string as a filter; a 422 naming each bad field (unknown reason, bad date, to before from). */
export function parseLedgerFilter(userId: number, query: LedgerFilterInput): LedgerFilter {
  const fields: FieldErrors = {};
  const reasons: LedgerReason[] = [];
  for (const part of (query.reason ?? '').split(',')) {
    const reason = part.trim();
    if (reason === '') continue;
    if (!isLedgerReason(reason)) {
      fields.reason = [{ key: 'validation.in' }];
      break;
    }
    if (!reasons.includes(reason)) reasons.push(reason);
  }
  const bound = (name: 'from' | 'to'): Date | null => {
    const text = query[name]?.trim();
    if (!text) return null;
    const date = parseBound(text, name === 'to');
    if (!date || !inRange(date)) {
      fields[name] = [{ key: 'validation.date' }];
      return null;
    }
    return date;
  };
  const from = bound('from');
  const to = bound('to');
  if (from && to && to.getTime() <= from.getTime()) fields.to = [{ key: 'validation.invalid' }];
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return { userId, reasons, from, to };
}

/** The WHERE of a filter over ledger_entries (the user's rows first: the (user_id, id) index). */
export function ledgerWhere(filter: LedgerFilter, options: { reasons?: boolean } = {}): SQL {
  const where: SQL[] = [eq(ledgerEntries.userId, filter.userId)];
  if ((options.reasons ?? true) && filter.reasons.length) {
    where.push(inArray(ledgerEntries.reason, filter.reasons));
  }
  if (filter.from) where.push(gte(ledgerEntries.createdAt, filter.from));
  if (filter.to) where.push(lt(ledgerEntries.createdAt, filter.to));
  return and(...where)!;
}
