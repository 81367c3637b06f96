// Drives many plinko balls through one headless world and measures what the landing tests assert.
import { runHeadless } from '../../../engine';
import { bucketUnder } from '../board';
import { plinkoParams } from '../params';
import { headlessScene } from '../headless';
import type { PlinkoLanding, PlinkoSimulation } from '../simulation';
import { prng } from '../../../tests/support/prng';

export type ParamSet = Record<keyof typeof plinkoParams, number>;

/** All params at their minimums, defaults or maximums. */
export function paramSet(which: 'min' | 'value' | 'max'): ParamSet {
  const values = {} as ParamSet;
  for (const [key, param] of Object.entries(plinkoParams)) {
    values[key as keyof ParamSet] = param[which];
  }
  return values;
}

/** A random arrangement of `rights` R among `rows` rows (Fisher-Yates with a seeded PRNG). */
export function randomPath(rows: number, rights: number, random: () => number): string {
  const dirs: string[] = Array.from({ length: rows }, (_, i) => (i < rights ? 'R' : 'L'));
  for (let i = rows - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [dirs[i], dirs[j]] = [dirs[j]!, dirs[i]!];
  }
  return dirs.join('');
}

export interface RunReport {
  balls: number;
  /** Balls whose centre crossed the landing line outside their bucket's column (or never did). */
  misses: { path: string; bucket: number; landedIn: number; forced: boolean }[];
  /** Largest guidance any ball got, as a fraction of gravity. */
  maxGuidance: number;
  /** Steps in which a ball's guidance pointed upwards (y < 0). */
  upwardGuidance: number;
  /** Smallest ball-centre to peg-centre distance seen, minus (ball radius + peg radius). */
  minPegClearance: number;
  /** Largest rise of a ball above the lowest point it had reached (pixels). */
  maxClimb: number;
  spacing: number;
  /** Largest flight time of a ball, in steps. */
  maxSteps: number;
  /** Every ball's flight time, in steps, shortest first. */
  flights: number[];
  /** Steps a ball spent touching a peg (centres within the radii plus TOUCHING px). */
  touchingSteps: number;
  /** Of those, steps in a touch that lasted SLIDE_STEPS or more: rolling or sliding on a peg. */
  slidingSteps: number;
  /** Separate touches (a bounce, or a slide), all balls. */
  touches: number;
  wallMs: number;
}

/** A ball centre this close to touching a peg counts as touching it (px). */
export const TOUCHING = 0.3;
/** A touch this many steps long or longer is a slide, not a bounce. */
export const SLIDE_STEPS = 6;

/** Drops `perBucket` random paths into every bucket of a `rows` board, `dropsPerStep` at a time. */
export function runBoard(
  rows: number,
  values: ParamSet,
  perBucket: number,
  seed: number,
  dropsPerStep = 6,
): RunReport {
  const random = prng(seed);
  const queue: { path: string; bucket: number }[] = [];
  for (let bucket = 0; bucket <= rows; bucket++) {
    for (let n = 0; n < perBucket; n++)
      queue.push({ path: randomPath(rows, bucket, random), bucket });
  }
  const total = queue.length;
  const landings: PlinkoLanding[] = [];
  const lowest = new Map<number, number>();
  const touching = new Map<number, number>();
  const report: RunReport = {
    balls: total,
    misses: [],
    maxGuidance: 0,
    upwardGuidance: 0,
    minPegClearance: Infinity,
    maxClimb: 0,
    spacing: values.pegSpacing,
    maxSteps: 0,
    flights: [],
    touchingSteps: 0,
    slidingSteps: 0,
    touches: 0,
    wallMs: 0,
  };
  let listening = false;
  const run = runHeadless(headlessScene, {
    data: { rows, risk: 'medium', seed },
    seconds: 120,
    values,
    onStep: (sim: PlinkoSimulation) => {
      if (!listening) {
        sim.onLanding((landing) => landings.push(landing));
        listening = true;
      }
      measure(sim, report, lowest, touching);
      for (let n = 0; n < dropsPerStep && queue.length; n++) {
        const next = queue.shift()!;
        sim.drop({ path: next.path, bucket: next.bucket, tag: next.path });
      }
      return queue.length === 0 && sim.inFlight === 0;
    },
  });
  report.wallMs = run.wallMs;
  // Touches still running when their balls landed.
  for (const steps of touching.values()) endTouch(report, steps);
  report.flights = landings.map((landing) => landing.steps).sort((a, b) => a - b);
  for (const landing of landings) {
    const landedIn = bucketUnder(landing.x, rows, values.pegSpacing);
    report.maxSteps = Math.max(report.maxSteps, landing.steps);
    if (landing.forced || landedIn !== landing.bucket) {
      report.misses.push({
        path: String(landing.tag),
        bucket: landing.bucket,
        landedIn,
        forced: landing.forced,
      });
    }
  }
  const unlanded = total - landings.length;
  for (let i = 0; i < unlanded; i++)
    report.misses.push({ path: '?', bucket: -1, landedIn: -1, forced: true });
  return report;
}

function endTouch(report: RunReport, steps: number): void {
  if (!steps) return;
  report.touches += 1;
  if (steps >= SLIDE_STEPS) report.slidingSteps += steps;
}

function measure(
  sim: PlinkoSimulation,
  report: RunReport,
  lowest: Map<number, number>,
  touching: Map<number, number>,
): void {
  const board = sim.board;
  const { spacing, pegRadius, rows } = board;
  const inFlight = new Set(sim.balls.map((ball) => ball.id));
  for (const [id, steps] of touching) {
    if (inFlight.has(id)) continue;
    endTouch(report, steps);
    touching.delete(id);
  }
  for (const ball of sim.balls) {
    let nearest = Infinity;
    const { x, y } = ball.body.position;
    report.maxGuidance = Math.max(report.maxGuidance, Math.hypot(ball.guidance.x, ball.guidance.y));
    if (ball.guidance.y < 0) report.upwardGuidance += 1;
    const low = Math.max(lowest.get(ball.id) ?? y, y);
    lowest.set(ball.id, low);
    report.maxClimb = Math.max(report.maxClimb, low - y);
    const nearRow = Math.round(y / spacing - 1);
    for (let row = nearRow - 1; row <= nearRow + 1; row++) {
      if (row < 0 || row >= rows) continue;
      const nearPeg = Math.round(x / spacing + (row + 2) / 2);
      for (let index = nearPeg - 1; index <= nearPeg + 1; index++) {
        if (index < 0 || index > row + 2) continue;
        const px = (index - (row + 2) / 2) * spacing;
        const py = board.rowY[row]!;
        const clearance = Math.hypot(x - px, y - py) - (ball.radius + pegRadius);
        if (clearance < report.minPegClearance) report.minPegClearance = clearance;
        if (clearance < nearest) nearest = clearance;
      }
    }
    const steps = touching.get(ball.id) ?? 0;
    if (nearest < TOUCHING) {
      report.touchingSteps += 1;
      touching.set(ball.id, steps + 1);
    } else if (steps) {
      endTouch(report, steps);
      touching.set(ball.id, 0);
    }
  }
}

/**
 * The landing guarantee for one parameter set: every row count 8..16, every bucket, PER_BUCKET
 * random paths each (seeded), all landing in the server's bucket, within the guidance bound,
 * never through a peg, never lifted.
 */
export const PER_BUCKET = 50;
/** "Through a peg": the ball's centre closer to a peg's than radii sum minus this (pixels). */
export const PEG_TOLERANCE = 1;
/**
 * "Never climbs": guidance never points up, and a ball's centre never rises more than this
 * fraction of the peg spacing above the lowest point it has reached (small peg bounces only).
 */
export const CLIMB_TOLERANCE = 0.2;
