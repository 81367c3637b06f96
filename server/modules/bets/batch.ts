import type { Db } from '../../db/database';
import type { PreparedSql } from '../../db/prepared';

/**
 * Group commit for bets: the bets of different players that a process is ready to write at the
 * same moment go to PostgreSQL as one statement (one transaction, one commit) instead of one
 * each. PostgreSQL's cost per bet falls to a fraction (a statement's and a commit's fixed costs
 * are shared), so the database settles several times the bets on the same cores.
 *
 * A bet waits for no timer: a batch leaves at the end of the event-loop turn in which its bets
 * became ready, unless MAX_IN_FLIGHT batches are already at the database, and then when the first
 * of them answers (under load that wait is what fills the next batch). A player has at most one
 * bet at the database (the next waits in the queue until the first is written), so each player's
 * bets are written in the order they came. A batch of one is written by the single statement.
 * When the batch statement fails as a whole (a key stored meanwhile, a second open session of a
 * game, a nonce moved while it waited, a deadlock), each of its bets is written again on its own,
 * with the answer the single statement gives it: a batch never changes what a bet comes to, only
 * what it costs. Two processes' batches lock their players' balance rows in the same order (by
 * id), so they wait on each other at most, without a cycle.
 */
export class BetBatches<Values extends { user: unknown }, Row> {
  private queue: Pending<Values, Row>[] = [];
  private inFlight = 0;
  /** Players with a bet in a statement at the database: their next one waits for its answer. */
  private readonly writing = new Set<unknown>();
  private scheduled = false;
  /** Statements sent, the bets they carried and the batches written again bet by bet. */
  readonly sent = { statements: 0, bets: 0, fallbacks: 0 };

  constructor(
    private readonly db: Db,
    /** One bet's statement: its row, or none when a guard refused. */
    private readonly single: (db: Db, values: Values) => Promise<Row[]>,
    /** Several bets' statement: their rows, each with its bet's 1-based `ord` in the batch. */
    private readonly batch: PreparedSql<Row & { ord: string }>,
  ) {}

  /** The row the bet's statement answered, or undefined when a guard refused it. */
  write(values: Values): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ values, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const bets = this.takeBatch();
    if (bets.length === 0) return;
    this.inFlight += 1;
    this.sent.statements += 1;
    this.sent.bets += bets.length;
    try {
      if (bets.length === 1) await writeAlone(this.db, this.single, bets[0]!);
      else await this.writeTogether(bets);
    } finally {
      this.inFlight -= 1;
      for (const bet of bets) this.writing.delete(bet.values.user);
      this.schedule();
    }
  }

  /**
   * The queue's first bet of each player who has none at the database, up to MAX_BATCH; the
   * others stay queued.
   */
  private takeBatch(): Pending<Values, Row>[] {
    const taken: Pending<Values, Row>[] = [];
    const waiting: Pending<Values, Row>[] = [];
    for (const bet of this.queue) {
      if (taken.length < MAX_BATCH && !this.writing.has(bet.values.user)) {
        this.writing.add(bet.values.user);
        taken.push(bet);
      } else {
        waiting.push(bet);
      }
    }
    this.queue = waiting;
    return taken;
  }

  private async writeTogether(bets: Pending<Values, Row>[]): Promise<void> {
    let rows: (Row & { ord: string })[];
    try {
      rows = await this.batch(this.db, columnsOf(bets.map((bet) => bet.values)));
    } catch {
      this.sent.fallbacks += 1;
      await Promise.all(bets.map((bet) => writeAlone(this.db, this.single, bet)));
      return;
    }
    const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
    bets.forEach((bet, i) => bet.resolve(byOrd.get(i + 1)));
  }
}

/** Batches at the database at once, per process. */
const MAX_IN_FLIGHT = 2;
/** Bets in one statement at most. */
const MAX_BATCH = 64;

interface Pending<Values, Row> {
  values: Values;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

async function writeAlone<Values, Row>(
  db: Db,
  single: (db: Db, values: Values) => Promise<Row[]>,
  bet: Pending<Values, Row>,
): Promise<void> {
  try {
    const [row] = await single(db, bet.values);
    bet.resolve(row);
  } catch (error) {
    bet.reject(error);
  }
}

/** The bets' values as the batch statement takes them: an array per parameter. */
function columnsOf<Values extends object>(bets: Values[]): Record<string, unknown[]> {
  const columns: Record<string, unknown[]> = {};
  for (const name of Object.keys(bets[0]!)) {
    columns[name] = bets.map((bet) => (bet as Record<string, unknown>)[name]);
  }
  return columns;
}
