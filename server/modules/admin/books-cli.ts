import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { connectChain } from '../chain/node';
import { reconcileChain } from '../chain/reconcile';
import { auditBooks, describeProblem } from './books';

/**
 * npm run audit [-- --limit N]
 * The books audit (books.ts) on the server's database: DATABASE_URL, or the PGlite folder in
 * DATA_DIR (stop the server first: it holds that folder; or run it from the admin console).
 * With CHAIN_RPC_URL it also checks deposits and withdrawals against the chain.
 * Prints every problem, one a line, and a summary; exits 1 when there is any, 0 when the books
 * balance, 2 when it cannot run.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { limit: { type: 'string', default: '1000' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit takes a whole number >= 1');
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await auditBooks(database.db, limit);
    if (config.chain) {
      // With a chain configured the audit also reads it: deposits and payouts as recorded.
      const node = await connectChain(config.chain);
      report.problems.push(...(await reconcileChain(database.db, node, limit)));
    }
    for (const problem of report.problems) console.log(describeProblem(problem));
    const more = report.truncated ? ` (at most ${limit} of each check listed)` : '';
    console.log(
      `books audit on ${database.kind}: ${report.users} users, ${report.bets} bets, ` +
        `${report.ledgerRows} ledger rows in ${report.ms} ms: ` +
        (report.problems.length ? `${report.problems.length} problem(s)${more}` : 'all balanced'),
    );
    return report.problems.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
