// `npm run bench -- streams`: the live paths at scale. Against the real server process (cluster
// mode at its default: a worker per core on PostgreSQL) on a fresh PostgreSQL database, about
// 1,900 players each keep a Miner Frenzy round running with its event stream open (start a round
// at 0.01, open GET .../rounds/:id/events, wait for `cashed_out` or `crashed`, start the next one
// at once; half of them with an auto cash-out at 10x, so a round lasts some 15 s on average and
// about 115 end each second) and 200 more hold the live bets feed open (2,100 streams at most:
// between two rounds a player has none),
// while other players settle dice bets at a steady 500 a second,
// each with an Idempotency-Key. Measured over BENCH_SECONDS (60 by default) after a warm-up:
// - open streams, counted every second (a response head of text/event-stream received, its end
//   not yet): the budget holds the lowest count, not the number of players;
// - the live bets feed: a share of the open streams (feedStreams) are GET /api/bets/live
//   subscribers held for the whole run; every settled bet (the dice bets and the rounds' endings)
//   reaches each of them, and its delay is counted from its settlement on the server (the
//   event's `time`) to its arrival here, in a histogram of whole milliseconds (memory stays flat);
//   the deliveries of dice bets are checked against the dice bets settled times the open feeds;
// - each ending's delay from when the round really ended on the server (`result.ended_at` in the
//   event: the crash or the auto cash-out on the server's clock, or the stream's `state`
//   `server_now` for a round that was over before its stream opened) to its arrival here; the
//   bench and the server share this machine's clock, and `server_now` in the event splits the
//   delay into the server's part and the way here;
// - the dice bets settled per second (their latency from when each was due, so a slow answer
//   that holds up the next bet counts too);
// - the resident memory of the server's processes (primary and workers, /proc) every second:
//   the mean of the last 10 s within 10% of the first 10 s.
// Every player is its own client address (X-Forwarded-For, trusted from loopback), so the rate
// limits stay on as in production and count per player. PGlite (one process, one query at a
// time) gets the same run at a tenth of the scale, its players registered over HTTP with the
// limits off. BENCH_DB=postgres or pglite runs one of them. Exit 1 over budget.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  clusterWorkers,
  DATABASE_URL,
  loadAverage,
  postgresBackendCpuSeconds,
  postgresProblem,
  processTreeCpuSeconds,
  processTreeRssBytes,
  registerUsers,
  withServer,
  type DbKind,
} from './support/harness';
import { seedPlayers, type Player } from './support/players';
import { betTimes, jsonRequest, keepAliveAgent, openEventStream } from './support/sse';

/** Seconds of the measured run. */
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const ROUNDS = '/api/games/minerFrenzy/rounds';
const LIVE_BETS = '/api/bets/live';
const DICE = '/api/games/dice/bets';

interface Plan {
  /** Budget: open streams (round streams and feed subscribers) at every sample of the run. */
  streams: number;
  /** Of them, GET /api/bets/live subscribers held open for the whole run. */
  feedStreams: number;
  /** Budget: p99 of a settled bet's delay to each feed subscriber. */
  feedP99Ms: number;
  /** Players keeping a round and its stream open: a few more than `streams`, since between two
   *  rounds (the start's answer, the stream's head) a player has none open. */
  streamPlayers: number;
  /** Dice bets due per second, and the players betting them (one bet in flight each). */
  diceRate: number;
  dicePlayers: number;
  /** Budget: p99 of the ending's delay. */
  p99Ms: number;
  /** Budget: the last 10 s's mean RSS at most this much over the first 10 s's. */
  rssGrowth: number;
  /** Seconds over which the stream players start their first round. */
  rampS: number;
  /** Seconds from the first start to the measured run (the dice bets start after the ramp). */
  warmUpS: number;
}

/**
 * The figures on PostgreSQL. PGlite runs every query of the one process in turn (the
 * bets bench's budget there is 100 bets/s): a tenth of the streams and of the bets, the same
 * latency and memory budgets.
 */
const PLANS: Record<DbKind, Plan> = {
  postgres: {
    streams: 2000,
    feedStreams: 200,
    feedP99Ms: 500,
    streamPlayers: 1900,
    diceRate: 500,
    dicePlayers: 400,
    p99Ms: 500,
    rssGrowth: 0.1,
    rampS: 10,
    warmUpS: 30,
  },
  pglite: {
    streams: 200,
    feedStreams: 20,
    feedP99Ms: 500,
    streamPlayers: 190,
    diceRate: 50,
    dicePlayers: 40,
    p99Ms: 500,
    rssGrowth: 0.1,
    rampS: 5,
    warmUpS: 20,
  },
};
/** Share of the due dice bets that must be settled in the run (a paced client's rounding). */
const DICE_SHARE = 0.98;
/** Every other stream player sets an auto cash-out (`cashed_out` endings); the rest ride it out. */
const AUTO_CASHOUT = 10;
/** Share of the dice bets' deliveries to the open feeds that must arrive in the run. */
const FEED_SHARE = 0.98;
/** The feed delay histogram's last bucket (ms): slower deliveries are counted there. */
const FEED_MAX_MS = 30_000;
/** Seconds at each end of the run whose mean RSS is compared. */
const RSS_EDGE_S = Math.max(1, Math.min(10, Math.floor(SECONDS / 3)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
/** The p-quantile (ms) of a histogram of whole milliseconds holding `count` values. */
function histogramQuantile(histogram: Uint32Array, count: number, p: number): number {
  if (!count) return NaN;
  const rank = Math.max(1, Math.ceil(p * count));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}
const mean = (values: readonly number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The soft limit on open files of this process (Node raises it to the hard limit at start). */
function openFileLimit(): number {
  const line = /^Max open files\s+(\d+|unlimited)/m.exec(
    fs.readFileSync('/proc/self/limits', 'utf8'),
  );
  return line?.[1] === 'unlimited' ? Infinity : Number(line?.[1] ?? 1024);
}

interface Ending {
  /** Arrival here, epoch ms. */
  at: number;
  /** When the round ended on the server (or the stream opened, if later). */
  from: number;
  /** `server_now` of the ending event: when the server sent it. */
  sentAt: number;
  status: string;
  /** The round had ended before its stream's `state` was sent. */
  overBeforeOpen: boolean;
}

/** The live bets feed's figures: its open subscribers and every delivery's delay. */
interface FeedFigures {
  open: { min: number; median: number; max: number };
  /** Deliveries by delay in whole ms (the last bucket: FEED_MAX_MS or more). */
  delays: Uint32Array;
  deliveries: number;
  /** Deliveries of dice bets (each dice bet once per open feed). */
  diceDeliveries: number;
}

interface Figures {
  workers: number;
  open: { min: number; median: number; max: number };
  feed: FeedFigures;
  endings: Ending[];
  cashedOut: number;
  overBeforeOpen: number;
  roundsStarted: number;
  dice: { settled: number; due: number; latencies: number[] };
  rss: number[];
  /** The last sample split: the primary (and helpers) and each worker. */
  rssSplit: string;
  serverCores: number;
  /** The PostgreSQL backends serving the scratch database (null on PGlite). */
  databaseCores: number | null;
  benchCores: number;
  loopDelayP99Ms: number;
  failures: Map<string, number>;
}

/** Everything in one run against one server; the caller judges the figures. */
async function run(
  plan: Plan,
  base: string,
  serverPid: number,
  streamPlayers: Player[],
  dicePlayers: Player[],
  databaseName: string | null,
): Promise<Figures> {
  const agent = keepAliveAgent();
  const failures = new Map<string, number>();
  const fail = (what: string) => {
    failures.set(what, (failures.get(what) ?? 0) + 1);
    if (failures.get(what) === 1) console.log(`  first failure: ${what}`);
  };
  let running = true;
  let measuring = false;
  let openStreams = 0;
  let roundsStarted = 0;
  const endings: Ending[] = [];
  const closers = new Set<() => void>();
  const feed = {
    open: 0,
    delays: new Uint32Array(FEED_MAX_MS + 1),
    deliveries: 0,
    diceDeliveries: 0,
  };
  // Every player is its own client address: the per-IP and per-token limits count per player.
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const key = () => `bench-${randomBytes(9).toString('base64url')}`;

  /** One round's stream, from its head to its ending (true) or its failure (false). */
  const follow = (player: Player, betId: number, ip: string) =>
    new Promise<boolean>((resolve) => {
      let open = false;
      let stateNow = NaN;
      let ended = false;
      const url = `${base}${ROUNDS}/${betId}/events`;
      const stream = openEventStream(
        agent,
        url,
        player.token,
        {
          onOpen: (status, type) => {
            if (status === 200 && type.startsWith('text/event-stream')) {
              open = true;
              openStreams++;
              closers.add(stream.close);
            } else fail(`events: ${status}`);
          },
          onEvent: (event) => {
            if (event.event === 'state') {
              stateNow = (JSON.parse(event.data) as { server_now: number }).server_now;
              return;
            }
            if (event.event !== 'crashed' && event.event !== 'cashed_out') return;
            const data = JSON.parse(event.data) as {
              server_now: number;
              bet: { id: number; result: { status: string; ended_at: number } };
            };
            const { result } = data.bet;
            if (data.bet.id !== betId || result.status !== event.event) {
              fail(`ending of bet ${data.bet.id} as ${result.status} on the stream of ${betId}`);
            }
            ended = true;
            if (Number.isNaN(stateNow)) fail('events: the ending before the state');
            if (!measuring) return;
            const overBeforeOpen = result.ended_at < stateNow;
            endings.push({
              at: event.at,
              from: overBeforeOpen ? stateNow : result.ended_at,
              sentAt: data.server_now,
              status: event.event,
              overBeforeOpen,
            });
          },
          onEnd: (error) => {
            if (open) openStreams--;
            closers.delete(stream.close);
            if (running && error) fail(`events: ${error.message}`);
            else if (running && open && !ended) fail('events: ended without the ending');
            resolve(ended);
          },
        },
        { headers: { 'x-forwarded-for': ip } },
      );
    });

  const streamPlayer = async (player: Player, index: number) => {
    await sleep((index * plan.rampS * 1000) / streamPlayers.length);
    const body = { amount: 0.01, auto_cashout: index % 2 ? AUTO_CASHOUT : null };
    const headers = { 'x-forwarded-for': address(index) };
    while (running) {
      try {
        const started = await jsonRequest(agent, `${base}${ROUNDS}`, {
          method: 'POST',
          token: player.token,
          body,
          headers: { ...headers, 'idempotency-key': key() },
        });
        if (started.status !== 201) {
          fail(`start: ${started.status} ${JSON.stringify(started.body).slice(0, 200)}`);
          await sleep(1000);
          continue;
        }
        if (measuring) roundsStarted++;
        const betId = (started.body as { bet: { id: number } }).bet.id;
        // A stream that fails is opened again a second later (EventSource's retry).
        while (!(await follow(player, betId, headers['x-forwarded-for'])) && running) {
          await sleep(1000);
        }
      } catch (error) {
        if (!running) break;
        fail(`start: ${error instanceof Error ? error.message : String(error)}`);
        await sleep(1000);
      }
    }
  };

  /** A live bets subscriber for the whole run (opened again a second after a failure). */
  const feedSubscriber = async (player: Player, ip: string) => {
    while (running) {
      await new Promise<void>((resolve) => {
        let open = false;
        const stream = openEventStream(
          agent,
          `${base}${LIVE_BETS}`,
          player.token,
          {
            onOpen: (status, type) => {
              if (status === 200 && type.startsWith('text/event-stream')) {
                open = true;
                feed.open++;
                closers.add(stream.close);
              } else fail(`feed: ${status}`);
            },
            onText: betTimes((settledAt, dice, at) => {
              if (!measuring) return;
              const delay = Math.round(at - settledAt);
              feed.delays[Math.max(0, Math.min(FEED_MAX_MS, delay))]!++;
              feed.deliveries++;
              if (dice) feed.diceDeliveries++;
            }),
            onEnd: (error) => {
              if (open) feed.open--;
              closers.delete(stream.close);
              if (running) fail(`feed: ${error ? error.message : 'ended by the server'}`);
              resolve();
            },
          },
          { headers: { 'x-forwarded-for': ip } },
        );
      });
      if (running) await sleep(1000);
    }
  };

  // Dice: a bet due every 1/rate s from the start, sent by the idle player who has waited
  // longest (each stays well under its 300 a minute); a bet waits for one when all are busy,
  // and its latency counts from when it was due.
  const dice = { settled: 0, due: 0, latencies: [] as number[] };
  const idle = dicePlayers.map((player, i) => ({ player, ip: address(streamPlayers.length + i) }));
  const queue: number[] = [];
  let inFlight = 0;
  let diceStart = 0;
  let issued = 0;
  const bet = (who: { player: Player; ip: string }, due: number) => {
    inFlight++;
    jsonRequest(agent, `${base}${DICE}`, {
      method: 'POST',
      token: who.player.token,
      body: { amount: 0.01, target: 50, condition: 'over' },
      headers: { 'x-forwarded-for': who.ip, 'idempotency-key': key() },
    })
      .then((answer) => {
        if (answer.status >= 200 && answer.status < 300) {
          if (measuring) {
            dice.settled++;
            dice.latencies.push(Date.now() - due);
          }
        } else fail(`dice: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      })
      .catch((error: Error) => running && fail(`dice: ${error.message}`))
      .finally(() => {
        inFlight--;
        idle.push(who);
        dispatch();
      });
  };
  const dispatch = () => {
    while (running && queue.length && idle.length) bet(idle.shift()!, queue.shift()!);
  };
  const pace = () => {
    const target = Math.floor(((Date.now() - diceStart) * plan.diceRate) / 1000);
    for (; issued < target; issued++) {
      queue.push(diceStart + (issued * 1000) / plan.diceRate);
      if (measuring) dice.due++;
    }
    dispatch();
  };

  // The streams first (their first rounds start over rampS), then the dice bets; the warm-up
  // lasts warmUpS and then as long as the bets are behind (a ramp's backlog), up to 30 s more.
  // The feed's subscribers first (they hear the whole run), then the round streams' ramp.
  const feeds = dicePlayers
    .slice(0, plan.feedStreams)
    .map((player, i) =>
      feedSubscriber(player, address(streamPlayers.length + dicePlayers.length + i)),
    );
  const players = streamPlayers.map((player, i) => streamPlayer(player, i));
  const progress = (label: string) =>
    console.log(
      `  ${label}: ${openStreams} round streams and ${feed.open} feeds open, ` +
        `dice queue ${queue.length}, ` +
        `server RSS ${mb(processTreeRssBytes(serverPid))} [${loadAverage()}]`,
    );
  let pacer: NodeJS.Timeout | null = null;
  const behind = () => queue.length > plan.diceRate / 10; // over 100 ms of bets waiting
  for (let s = 5; s <= plan.warmUpS || (behind() && s <= plan.warmUpS + 30); s += 5) {
    if (!pacer && s > plan.rampS) {
      diceStart = Date.now();
      pacer = setInterval(pace, 5);
    }
    await sleep(5000);
    progress(`warm-up ${s} s`);
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = processTreeCpuSeconds(serverPid);
  const databaseCpu = () => (databaseName ? postgresBackendCpuSeconds(databaseName) : NaN);
  const databaseCpuBefore = databaseCpu();
  const benchCpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  measuring = true;
  const openSamples: number[] = [];
  const feedSamples: number[] = [];
  const rss: number[] = [];
  for (let s = 1; s <= SECONDS; s++) {
    await sleep(startedAt + s * 1000 - Date.now());
    openSamples.push(openStreams + feed.open);
    feedSamples.push(feed.open);
    rss.push(processTreeRssBytes(serverPid));
    if (s % 10 === 0) progress(`${s} s`);
  }
  measuring = false;
  const elapsed = (Date.now() - startedAt) / 1000;
  const serverCores = (processTreeCpuSeconds(serverPid) - cpuBefore) / elapsed;
  const databaseCores = (databaseCpu() - databaseCpuBefore) / elapsed;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  loop.disable();

  // Stop: no new rounds or bets; close the streams still open.
  running = false;
  if (pacer) clearInterval(pacer);
  for (const close of [...closers]) close();
  const deadline = Date.now() + 15_000;
  while (inFlight > 0 && Date.now() < deadline) await sleep(50);
  await Promise.race([
    Promise.all([...players, ...feeds]),
    sleep(Math.max(0, deadline - Date.now())),
  ]);
  agent.destroy();

  const sortedOpen = [...openSamples].sort((a, b) => a - b);
  const sortedFeeds = [...feedSamples].sort((a, b) => a - b);
  const workers = clusterWorkers(serverPid);
  const workerRss = workers.map((pid) => processTreeRssBytes(pid));
  const primaryRss = processTreeRssBytes(serverPid) - workerRss.reduce((sum, n) => sum + n, 0);
  return {
    workers: Math.max(1, workers.length),
    rssSplit: workers.length
      ? `primary ${mb(primaryRss)}, workers ${workerRss.map(mb).join(', ')}`
      : `one process ${mb(primaryRss)}`,
    open: {
      min: sortedOpen[0] ?? 0,
      median: quantile(sortedOpen, 0.5),
      max: sortedOpen.at(-1) ?? 0,
    },
    feed: {
      open: {
        min: sortedFeeds[0] ?? 0,
        median: quantile(sortedFeeds, 0.5),
        max: sortedFeeds.at(-1) ?? 0,
      },
      delays: feed.delays,
      deliveries: feed.deliveries,
      diceDeliveries: feed.diceDeliveries,
    },
    endings,
    cashedOut: endings.filter((e) => e.status === 'cashed_out').length,
    overBeforeOpen: endings.filter((e) => e.overBeforeOpen).length,
    roundsStarted,
    dice,
    rss,
    serverCores,
    databaseCores: databaseName ? databaseCores : null,
    benchCores: (benchCpu.user + benchCpu.system) / 1e6 / elapsed,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    failures,
  };
}

/** Prints the figures against the plan's budgets; true when within them. */
function judge(kind: DbKind, plan: Plan, f: Figures): boolean {
  const delays = f.endings.map((e) => e.at - e.from).sort((a, b) => a - b);
  const serverPart = f.endings.map((e) => e.sentAt - e.from).sort((a, b) => a - b);
  const p99 = quantile(delays, 0.99);
  const diceRate = f.dice.settled / SECONDS;
  const diceLatency = [...f.dice.latencies].sort((a, b) => a - b);
  const first = mean(f.rss.slice(0, RSS_EDGE_S));
  const last = mean(f.rss.slice(-RSS_EDGE_S));
  const growth = (last - first) / first;
  const failed = [...f.failures.values()].reduce((sum, n) => sum + n, 0);
  const feedQuantile = (p: number) => histogramQuantile(f.feed.delays, f.feed.deliveries, p);
  const feedP99 = feedQuantile(0.99);
  const feedExpected = f.dice.settled * f.feed.open.median;
  const feedShare = feedExpected ? f.feed.diceDeliveries / feedExpected : 0;

  const checks = {
    streams: f.open.min >= plan.streams,
    latency: delays.length > 0 && p99 <= plan.p99Ms,
    feed:
      f.feed.open.min >= plan.feedStreams &&
      f.feed.deliveries > 0 &&
      feedP99 <= plan.feedP99Ms &&
      feedShare >= FEED_SHARE,
    dice: diceRate >= DICE_SHARE * plan.diceRate,
    memory: growth <= plan.rssGrowth,
    failures: failed === 0,
  };
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
  const processes = `${f.workers} server process${f.workers > 1 ? 'es' : ''}`;
  console.log(`[${kind}, ${processes}, ${SECONDS} s] ${loadAverage()} at the end`);
  console.log(
    `  open streams    min ${f.open.min}, median ${f.open.median}, max ${f.open.max} ` +
      `(sampled every second, round streams and feeds; ${plan.streamPlayers} stream players, ` +
      `${plan.feedStreams} feed subscribers) ` +
      `(budget: min >= ${plan.streams}) ${mark(checks.streams)}`,
  );
  console.log(
    `  ending delay    p50 ${ms(quantile(delays, 0.5))}, p95 ${ms(quantile(delays, 0.95))}, ` +
      `p99 ${ms(p99)}, max ${ms(delays.at(-1) ?? NaN)} over ${delays.length} endings ` +
      `(${(delays.length / SECONDS).toFixed(0)}/s; ${f.cashedOut} cashed_out, ` +
      `${delays.length - f.cashedOut} crashed; ${f.overBeforeOpen} over before their stream ` +
      `opened, counted from its opening) (budget: p99 <= ${plan.p99Ms} ms) ${mark(checks.latency)}`,
  );
  console.log(
    `  live bets feed  delay p50 ${ms(feedQuantile(0.5))}, p95 ${ms(feedQuantile(0.95))}, ` +
      `p99 ${ms(feedP99)}, max ${ms(feedQuantile(1))} over ${f.feed.deliveries} deliveries ` +
      `(${(f.feed.deliveries / SECONDS).toFixed(0)}/s) to ${f.feed.open.min}..${f.feed.open.max} ` +
      `open feeds; dice bets delivered ${(feedShare * 100).toFixed(1)}% of settled x open feeds ` +
      `(budget: p99 <= ${plan.feedP99Ms} ms, ${plan.feedStreams} feeds open, ` +
      `>= ${(FEED_SHARE * 100).toFixed(0)}% delivered) ${mark(checks.feed)}`,
  );
  console.log(
    `                  of which the server's (server_now - end): p50 ` +
      `${ms(quantile(serverPart, 0.5))}, p99 ${ms(quantile(serverPart, 0.99))}; ` +
      `${f.roundsStarted} rounds started (${(f.roundsStarted / SECONDS).toFixed(0)}/s)`,
  );
  console.log(
    `  dice bets       ${diceRate.toFixed(0)} settled/s of ${(f.dice.due / SECONDS).toFixed(0)} due/s, ` +
      `latency from due p50 ${ms(quantile(diceLatency, 0.5))}, p99 ${ms(quantile(diceLatency, 0.99))} ` +
      `(${plan.dicePlayers} players, Idempotency-Key each) ` +
      `(budget: >= ${(DICE_SHARE * plan.diceRate).toFixed(0)}/s) ${mark(checks.dice)}`,
  );
  const series = f.rss
    .filter((_, i) => i % 5 === 4)
    .map((bytes) => (bytes / 1024 / 1024).toFixed(0))
    .join(' ');
  console.log(
    `  server RSS      first ${RSS_EDGE_S} s ${mb(first)}, last ${RSS_EDGE_S} s ${mb(last)} ` +
      `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%), min ${mb(Math.min(...f.rss))}, ` +
      `max ${mb(Math.max(...f.rss))}; every 5 s (MB): ${series}; at the end ${f.rssSplit} ` +
      `(budget: <= +${(plan.rssGrowth * 100).toFixed(0)}%) ${mark(checks.memory)}`,
  );
  console.log(
    `  failures        ${failed}` +
      [...f.failures].map(([what, n]) => `\n                  ${n} x ${what}`).join('') +
      ` ${mark(checks.failures)}`,
  );
  console.log(
    `  CPU             server ${f.serverCores.toFixed(2)} cores, ` +
      (f.databaseCores === null
        ? ''
        : `its PostgreSQL backends ${f.databaseCores.toFixed(2)} cores, `) +
      `this bench ` +
      `${f.benchCores.toFixed(2)} cores (its event loop delay p99 ${f.loopDelayP99Ms.toFixed(0)} ms)`,
  );
  return Object.values(checks).every(Boolean);
}

async function bench(kind: DbKind): Promise<boolean> {
  const plan = PLANS[kind];
  const sockets = plan.streamPlayers + plan.dicePlayers + plan.feedStreams;
  const limit = openFileLimit();
  if (limit < sockets * 2 + 256) {
    console.log(`[${kind}] open file limit ${limit} < ${sockets * 2 + 256}: raise ulimit -n`);
    return false;
  }
  // Rate limits on (the tests' server helper turns them off) where the players are seeded in the
  // database; PGlite's are registered over HTTP from one address, which the limits would stop.
  const env = { RATE_LIMITS: kind === 'postgres' ? 'on' : 'off' };
  return withServer(kind, env, async (server, databaseUrl) => {
    const count = plan.streamPlayers + plan.dicePlayers;
    const seededAt = Date.now();
    const players: Player[] = databaseUrl
      ? await seedPlayers(databaseUrl, count, 1_000_000)
      : (await registerUsers(server.url, count)).map((user, i) => ({ id: i, token: user.token }));
    console.log(
      `[${kind}] ${count} players ${databaseUrl ? 'created in the database' : 'registered'} ` +
        `in ${((Date.now() - seededAt) / 1000).toFixed(1)} s; rate limits ${env.RATE_LIMITS}; ` +
        `open file limit ${limit}`,
    );
    const figures = await run(
      plan,
      server.url,
      server.process.pid!,
      players.slice(0, plan.streamPlayers),
      players.slice(plan.streamPlayers),
      databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null,
    );
    return judge(kind, plan, figures);
  });
}

console.log(`streams bench: ${loadAverage()} at the start`);
let pass = true;
for (const kind of ['postgres', 'pglite'] as const) {
  if (process.env.BENCH_DB && process.env.BENCH_DB !== kind) continue;
  if (kind === 'postgres') {
    const problem = await postgresProblem();
    if (problem) {
      console.log(`[postgres] unavailable at ${DATABASE_URL} (${problem}), not measured`);
      pass = false;
      continue;
    }
  }
  try {
    pass = (await bench(kind)) && pass;
  } catch (error) {
    console.log(`[${kind}] failed: ${error instanceof Error ? error.stack : String(error)}`);
    pass = false;
  }
}
process.exit(pass ? 0 : 1);
