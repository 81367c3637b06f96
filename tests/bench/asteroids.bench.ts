// `npm run bench -- asteroids`: the nine rocks split to 18, with 30 bullets in flight.
// Node: simulation time (ship, bullets, matter-js) per 60 Hz step, printed for reference.
// Chromium: the /asteroids?test page kept at 18 rocks and 30 bullets (restored whenever a bullet
// breaks one), judged on the main thread's own work per frame at 4x CPU throttling (frames.ts),
// beside the same page with every rock gone (the floor: engine, Pixi and the machine's noise).
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { defaultValues } from '../../engine';
import { asteroidsParams } from '../../games/asteroids/params';
import { AsteroidsSimulation } from '../../games/asteroids/simulation';
import { prng } from '../support/prng';
import { ms } from './chromium';
import { benchMoment } from './frames';

const ROCKS = 18;
const BULLETS = 30;
const GEMS = [1, 2, 5, 10, 50, 1, 2, 5, 10];
const WARMUP_STEPS = 600;
const MEASURED_STEPS = 3000;

const random = prng(17);
const sim = new AsteroidsSimulation(undefined, defaultValues(asteroidsParams));
/** Back to 18 rocks whenever a bullet broke one, and 30 bullets fired in random directions. */
const keepBusy = (round: number) => {
  if (!sim.active || sim.rocks.length < ROCKS) {
    sim.start({ gems: GEMS, seed: round });
    sim.splitAll();
  }
  while (sim.bullets.length < BULLETS) sim.fire(random() * Math.PI * 2);
};
const cpuTimes: number[] = [];
const times: number[] = [];
for (let step = 0; step < WARMUP_STEPS + MEASURED_STEPS; step++) {
  keepBusy(step);
  const started = performance.now();
  const cpu = process.cpuUsage();
  sim.update(1 / 60);
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  if (step >= WARMUP_STEPS) {
    times.push(elapsed);
    cpuTimes.push((used.user + used.system) / 1000);
  }
}
sim.dispose();
cpuTimes.sort((a, b) => a - b);
times.sort((a, b) => a - b);
const quantile = (list: number[], q: number) =>
  list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
const line = (list: number[]) =>
  `p50 ${ms(quantile(list, 0.5), 3)}   p95 ${ms(quantile(list, 0.95), 3)}   p99 ${ms(quantile(list, 0.99), 3)}   max ${ms(list.at(-1)!, 3)}`;
console.log(
  `asteroids simulation: ${ROCKS} rocks and ${BULLETS} bullets, ${MEASURED_STEPS} steps measured`,
);
console.log(`  CPU time per step    ${line(cpuTimes)}`);
console.log(`  wall time per step   ${line(times)}`);

/** The field kept at 18 rocks and 30 bullets, refilled every 16 ms. */
const BUSY_FIELD = `(() => {
  const sim = window.__engine.scenes.simulation;
  let round = 0;
  const keep = () => {
    if (!sim.active || sim.rocks.length < ${ROCKS}) {
      round += 1;
      sim.start({ gems: ${JSON.stringify(GEMS)}, seed: round });
      sim.splitAll();
    }
    while (sim.bullets.length < ${BULLETS}) sim.fire(Math.random() * Math.PI * 2);
  };
  keep();
  setInterval(keep, 16);
})()`;
/** The same page with every rock gone: the engine's and the machine's floor. */
const EMPTY_FIELD = `(() => {
  const sim = window.__engine.scenes.simulation;
  sim.start({ gems: ${JSON.stringify(GEMS)}, seed: 1 });
  sim.revealAll();
})()`;

// A bullet breaking a rock leaves 17 until the next refill: the typical field is the median.
// Particles and shake stay on (their defaults).
const passed = await benchMoment({
  game: 'asteroids',
  moment: `${ROCKS} rocks and ${BULLETS} bullets kept on the field`,
  busy: BUSY_FIELD,
  floor: EMPTY_FIELD,
  probe: 'window.__engine.scenes.simulation.rocks.length',
  held: { label: 'rocks on the field', least: ROCKS * 0.8 },
  frames: 600,
});
if (!passed) process.exit(1);
