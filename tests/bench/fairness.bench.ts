// `npm run bench -- fairness`: how fast the fairness code makes a bet's floats (docs/fairness.md),
// in Node: floats per second for one-round bets (8 floats, one HMAC-SHA256) and for
// 24-float bets (three HMACs, a board of tiles), and server seed hashes per second. Judged on the process's
// CPU time (process.cpuUsage), which other jobs on a shared machine do not inflate.
// "before" is the hand-written SHA-256 that @noble/hashes replaced, read from git history
// (BEFORE_COMMIT) when this clone has it; node:crypto (OpenSSL) is printed as a reference.
// Budget: at least 500,000 floats/s for one-round bets (a floor against regressions: about 0.8-1.5
// million were measured on a loaded 2-core machine). Exits 1 under it.
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { floats, hashServerSeed } from '../../games/fairness';
import { repoRoot } from '../support/server';

const BUDGET_FLOATS_PER_S = 500_000;
/** The last commit with the hand-written SHA-256 and HMAC (sha256.ts in games/fairness/). */
const BEFORE_COMMIT = '778b6f1';
const RUN_MS = 1000;
const RUNS = 5;

const SERVER_SEED = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';
const CLIENT_SEED = 'bb62964774';

interface Implementation {
  floats: (serverSeed: string, clientSeed: string, nonce: number, count: number) => number[];
  hashServerSeed: (serverSeed: string) => string;
}

/** The same floats written against node:crypto, as a yardstick. */
const nodeCrypto: Implementation = {
  floats(serverSeed, clientSeed, nonce, count) {
    const out: number[] = [];
    for (let round = 0; out.length < count; round++) {
      const d = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
      for (let i = 0; i < 32 && out.length < count; i += 4) {
        out.push(d[i]! / 256 + d[i + 1]! / 65536 + d[i + 2]! / 16777216 + d[i + 3]! / 4294967296);
      }
    }
    return out;
  },
  hashServerSeed: (serverSeed) => createHash('sha256').update(serverSeed).digest('hex'),
};

async function before(): Promise<Implementation | string> {
  const dir = path.join(repoRoot, '.tmp', 'bench-fairness-before');
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const file of ['sha256.ts', 'floats.ts']) {
      const text = execFileSync('git', ['show', `${BEFORE_COMMIT}:games/fairness/${file}`], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      fs.writeFileSync(path.join(dir, file), text);
    }
  } catch {
    return `commit ${BEFORE_COMMIT} is not in this clone`;
  }
  return (await import(path.join(dir, 'floats.ts'))) as Implementation;
}

/** Calls per CPU second of `work`, the median of RUNS runs of about RUN_MS each. */
function perCpuSecond(work: (i: number) => void): number {
  const rates: number[] = [];
  let i = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let calls = 0;
    while (performance.now() - started < RUN_MS) {
      for (let n = 0; n < 200; n++) work(i++);
      calls += 200;
    }
    const used = process.cpuUsage(cpu);
    rates.push(calls / ((used.user + used.system) / 1e6));
  }
  return rates.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

interface Figures {
  oneRound: number;
  board: number;
  hashes: number;
}

function measure(impl: Implementation): Figures {
  // Warm up the JIT on every path first.
  for (let i = 0; i < 20_000; i++) impl.floats(SERVER_SEED, CLIENT_SEED, i, 24);
  return {
    oneRound: 8 * perCpuSecond((i) => impl.floats(SERVER_SEED, CLIENT_SEED, i, 8)),
    board: 24 * perCpuSecond((i) => impl.floats(SERVER_SEED, CLIENT_SEED, i, 24)),
    hashes: perCpuSecond((i) => impl.hashServerSeed(i % 2 ? SERVER_SEED : CLIENT_SEED)),
  };
}

const IMPLEMENTATIONS = ['now', 'before', 'node'] as const;
type Name = (typeof IMPLEMENTATIONS)[number];

async function load(name: Name): Promise<Implementation | string> {
  if (name === 'now') return { floats, hashServerSeed };
  if (name === 'node') return nodeCrypto;
  return before();
}

const agrees = (impl: Implementation) =>
  impl.floats(SERVER_SEED, CLIENT_SEED, 1, 24).join() ===
    nodeCrypto.floats(SERVER_SEED, CLIENT_SEED, 1, 24).join() &&
  impl.hashServerSeed(SERVER_SEED) === nodeCrypto.hashServerSeed(SERVER_SEED);

const child = process.argv.indexOf('--measure');
if (child !== -1) {
  // One implementation per process, so one's JIT feedback does not slow another down.
  const impl = await load(process.argv[child + 1] as Name);
  if (typeof impl !== 'string' && !agrees(impl)) {
    console.error('FAIL: this implementation disagrees with node:crypto');
    process.exit(1);
  }
  process.stdout.write(JSON.stringify(typeof impl === 'string' ? impl : measure(impl)));
  process.exit(0);
}

const figures = {} as Record<Name, Figures | string>;
for (const name of IMPLEMENTATIONS) {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--measure', name],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  figures[name] = JSON.parse(out) as Figures | string;
}

const LABELS: Record<Name, string> = {
  now: 'now (games/fairness)',
  before: `before (${BEFORE_COMMIT})`,
  node: 'node:crypto (reference)',
};
const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`.padStart(13);
console.log(`fairness floats, per CPU second (median of ${RUNS} runs of ${RUN_MS} ms):`);
console.log(
  `  ${''.padEnd(26)}${'1-round bet'.padStart(13)}${'24 floats'.padStart(13)}${'seed hash'.padStart(13)}`,
);
for (const name of IMPLEMENTATIONS) {
  const f = figures[name];
  const cells =
    typeof f === 'string' ? `  (${f})` : `${rate(f.oneRound)}${rate(f.board)}${rate(f.hashes)}`;
  console.log(`  ${LABELS[name].padEnd(26)}${cells}`);
}
const now = figures.now as Figures;
const was = figures.before;
if (typeof was !== 'string') {
  console.log(`  now / before: ${(now.oneRound / was.oneRound).toFixed(2)}x floats per second`);
}
console.log(
  `  budget: at least ${BUDGET_FLOATS_PER_S.toLocaleString('en-US')} floats/s (1-round bets)`,
);
if (now.oneRound < BUDGET_FLOATS_PER_S) {
  console.error(`FAIL: ${Math.round(now.oneRound)} floats/s is under the budget`);
  process.exit(1);
}
