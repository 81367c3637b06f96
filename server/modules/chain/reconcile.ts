import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/prepared';
import type { BookProblem } from '../admin/books';
import type { ChainNode } from './node';
import { centsToWei } from './units';

interface Recorded {
  kind: 'deposit' | 'withdrawal';
  id: number;
  user_id: number;
  tx_hash: string;
  from_address: string;
  to_address: string;
  value_wei: string;
}

/**
 * The books against the chain: every credited (or held) deposit and every confirmed withdrawal,
 * the latest `limit` of each, is a successful transaction on chain from, to and of what the
 * database says. One problem `chain_transfer` per one that is not.
 */
export async function reconcileChain(db: Db, node: ChainNode, limit = 500): Promise<BookProblem[]> {
  const rows = rowsOf<Recorded>(
    await db.execute(sql`
      (SELECT 'deposit' AS kind, id, user_id, tx_hash, from_address, ${node.house} AS to_address,
          value_wei::text AS value_wei
        FROM chain_deposits WHERE chain_id = ${node.chainId} AND status IN ('credited', 'held')
        ORDER BY id DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'withdrawal', id, user_id, tx_hash, ${node.house}, to_address,
          (amount_cents::numeric * ${centsToWei(1).toString()}::numeric)::text
        FROM withdrawals WHERE chain_id = ${node.chainId} AND status = 'confirmed'
        ORDER BY id DESC LIMIT ${limit})`),
  );
  const problems: BookProblem[] = [];
  for (const row of rows) {
    const expected = `${row.kind} ${row.id}: ${row.value_wei} wei from ${row.from_address} to ${row.to_address}`;
    const problem = (found: string) =>
      problems.push({ kind: 'chain_transfer', userId: row.user_id, betId: null, expected, found });
    const hash = row.tx_hash as Hex;
    const [tx, receipt] = await Promise.all([
      node.client.getTransaction({ hash }).catch(() => null),
      node.client.getTransactionReceipt({ hash }).catch(() => null),
    ]);
    if (!tx || !receipt) {
      problem(`no transaction ${row.tx_hash} on chain`);
      continue;
    }
    const found = `${tx.value} wei from ${tx.from.toLowerCase()} to ${tx.to?.toLowerCase() ?? 'none'}`;
    if (
      receipt.status !== 'success' ||
      tx.value.toString() !== row.value_wei ||
      tx.from.toLowerCase() !== row.from_address ||
      tx.to?.toLowerCase() !== row.to_address
    ) {
      problem(`${found} (${receipt.status})`);
    }
  }
  return problems;
}
