import type { Db } from '../../db/database';
import { betLinks, ledgerRows } from './ledgerHistory';
import type { LedgerFilter } from './ledgerFilter';

const LEDGER_CSV_COLUMNS = [
  'id',
  'date',
  'reason',
  'reference',
  'bet_id',
  'game',
  'change',
  'balance_after',
] as const;

const BATCH = 1000;

/** Integer cents as a decimal amount with 2 places ('-1234' -> '-12.34'), exact at any size. */
function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text field (RFC 4180: quoted when it holds a comma, quote or line break). Text a spreadsheet
 * would read as a formula (=, +, -, @ first) gets an apostrophe; amounts are not text.
 */
function textField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The filtered ledger as CSV lines (header first, newest row first), read in batches by id so a
 * ledger of any length streams in constant memory. Rows written while it streams (higher ids)
 * are not included: the export is the ledger as of its first batch.
 */
export async function* ledgerCsvLines(db: Db, filter: LedgerFilter): AsyncGenerator<string> {
  yield `${LEDGER_CSV_COLUMNS.join(',')}\r\n`;
  let beforeId: number | undefined;
  for (;;) {
    const rows = await ledgerRows(db, filter, {
      limit: BATCH,
      ...(beforeId === undefined ? {} : { beforeId }),
    });
    if (rows.length === 0) return;
    const links = await betLinks(db, filter.userId, rows);
    let chunk = '';
    for (const row of rows) {
      const bet = row.reference ? links.get(row.reference) : undefined;
      chunk +=
        [
          String(row.id),
          row.createdAt.toISOString(),
          textField(row.reason),
          textField(row.reference),
          bet ? String(bet.id) : '',
          textField(bet?.game ?? null),
          centsToDecimal(row.deltaCents),
          centsToDecimal(row.balanceAfterCents),
        ].join(',') + '\r\n';
    }
    yield chunk;
    if (rows.length < BATCH) return;
    beforeId = rows.at(-1)!.id;
  }
}
