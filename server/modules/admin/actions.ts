import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { adminActions } from './schema';

/** What an operator did: the kinds the audit log records. */
export type AdminActionKind =
  | 'balance_adjustment'
  | 'suspend'
  | 'unsuspend'
  | 'reset_two_factor'
  | 'post_create'
  | 'post_update'
  | 'post_delete'
  | 'giveaway_create'
  | 'withdrawal_approve'
  | 'withdrawal_reject';

export interface AdminAction {
  adminId: number;
  action: AdminActionKind;
  targetUserId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Records an action in the audit log, in the transaction that does it (so both or neither). */
export async function recordAction(tx: Db | Tx, action: AdminAction): Promise<void> {
  await tx.insert(adminActions).values(action);
}

export interface AdminActionRow {
  id: number;
  adminId: number;
  action: string;
  targetUserId: number | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** The log newest first: at most `limit` rows, older than `beforeId` when given. */
export async function listActions(
  db: Db,
  options: { limit: number; beforeId?: number; where?: SQL },
): Promise<AdminActionRow[]> {
  const conditions = [
    options.beforeId === undefined ? undefined : lt(adminActions.id, options.beforeId),
    options.where,
  ].filter((c): c is SQL => c !== undefined);
  return db
    .select()
    .from(adminActions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(adminActions.id))
    .limit(options.limit);
}

export function actionJson(row: AdminActionRow) {
  return {
    id: row.id,
    admin_id: row.adminId,
    action: row.action,
    target_user_id: row.targetUserId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'admin_id',
  'action',
  'target_user_id',
  'before',
  'after',
] as const;

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). A field that a
 * spreadsheet would read as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
function csvField(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The log as CSV (header first, oldest row last as listed: newest first). */
export function actionsCsv(rows: AdminActionRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const json = actionJson(row);
    lines.push(CSV_COLUMNS.map((column) => csvField(json[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
