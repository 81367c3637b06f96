// Steering that makes a physical ball land in the server's bucket, quickly and bouncing.
//
// The ball's progress is read from the physics: once its centre is past a row of pegs, the gap it
// is in says how many "rights" it has taken (the lane). Each row it should go the server's way,
// or, after a bounce it could not follow, the way back to the server's path while the bucket can
// still be reached (nextDirection).
//
// The guidance is one horizontal acceleration, at most MAX_GUIDANCE_RATIO of gravity, never
// vertical, chosen when the ball reaches a new row and held until the next. Choosing it is a
// short search ahead: prediction.ts steps the ball exactly as matter-js will (pegs, bounces and
// all), so the planner tries each of a few accelerations until the row is decided, then each of a
// few for the row after, then lets the ball fly on towards the gap of the row beyond, steered by
// a simple rule. Every try is scored (PLANNER_COSTS): a gap that leaves the bucket out of reach
// (or the board) rules it out; leaving the server's path costs a little (it is rejoined later);
// then the time it takes, the steps spent touching a peg (a ball rolling over a peg slides: it
// should bounce), a contact too near a peg's top (it could go either way), a rise above the lowest
// point reached, a peg pressed into the ball, missing the gap beyond, and a speed, overall or
// sideways, faster than the next rows can turn. Where a row has one way left to the bucket the
// search is finer, and when no try keeps the bucket it searches again, finer still. The pegs do
// all the deflecting; the guidance only chooses where the ball meets them.
import { pegX, type BoardGeometry } from './board';
import {
  BallPrediction,
  type BallState,
  type ContactCache,
  type PredictionModel,
} from './prediction';

/** The largest guidance, as a fraction of gravity; the requirement is < 0.25. */
export const MAX_GUIDANCE_RATIO = 0.22;

/** Accelerations tried for the row being decided, and for the row after (evenly, ±max). */
const FIRST_TRIES = 5;
const SECOND_TRIES = 3;
/** Where the row has only one way left to the bucket, a finer search (a miss there loses it). */
const FIRST_TRIES_FORCED = 9;
const SECOND_TRIES_FORCED = 5;
/** When no try keeps the bucket, both levels again with this many. */
const FINE_TRIES = 17;
/** A row not decided after this many steps counts as stuck. */
const MAX_STEPS = 150;

/** The planner's scores, in steps of flight (one step costs 1). */
export const PLANNER_COSTS = {
  /** A gap that leaves the bucket out of reach, or the board. */
  unreachable: 1e6,
  /** A row taken against the server's path (rejoined later). */
  reroute: 10,
  /** Each step touching a peg. */
  touching: 1,
  /** Contact this close to a peg's top (fraction of ball + peg radius) is scored down... */
  contactMargin: 0.12,
  /** ...by up to this much. */
  marginCost: 300,
  /** Rise above the lowest point reached, allowed (px), and the cost of each px beyond. */
  climbAllowed: 5,
  climbCost: 1000,
  /** A peg further inside the ball than this (px)... */
  depthAllowed: 0.8,
  /** ...costs this much per px. */
  depthCost: 1000,
  /**
   * The row after the two searched (or the landing): falling outside its window where the other
   * way loses the bucket costs this (+ as much per px); elsewhere it is a reroute.
   */
  beyondReachForced: 10_000,
  /** Off the middle of that window, as a fraction of its half-width. */
  aimCost: 5,
  /** The window: the gap less this (fraction of ball + peg radius) off each peg, aimed at this
   * far (same fraction) above its row. */
  gapMargin: 0.25,
  gapHeight: 0.8,
  /** Speed above this many √(g·spacing) at the end of the look-ahead, squared, per (px/step)². */
  fastSpeed: 1.3,
  fastCost: 20,
  /** The same for the sideways speed alone. */
  fastSideways: 0.7,
  sidewaysCost: 20,
  /** Off the bucket's centre at the landing line, per px; beyond its half-width less this, ruled out. */
  bucketCost: 1,
  bucketMargin: 4,
} as const;

/** Where a ball is on its way down: the next row it will cross and its rights so far. */
export interface LaneState {
  /** 0..rows; `rows` means past the last row, over the buckets. */
  nextRow: number;
  /** Rights taken so far, read from the gaps crossed (= the bucket under it after the last row). */
  rights: number;
}

/** A ball's plan: the acceleration to apply, and the row it was chosen for. */
export interface GuidancePlan {
  row: number;
  accel: number;
}

/** The gap of row `row` under x: gap g lies between pegs g and g + 1 (0..row + 1). */
export function gapUnder(board: BoardGeometry, row: number, x: number): number {
  const gap = Math.floor((x - pegX(row, 0, board.spacing)) / board.spacing);
  return Math.max(0, Math.min(row + 1, gap));
}

/**
 * The direction the ball should take on `row`: the server's, unless the ball is off the path,
 * then the one towards the path; always one that keeps the bucket reachable.
 */
export function nextDirection(path: string, bucket: number, row: number, rights: number): 1 | -1 {
  const rowsLeft = path.length - row;
  const needed = bucket - rights;
  if (needed <= 0) return -1;
  if (needed >= rowsLeft) return 1;
  let pathRights = 0;
  for (let i = 0; i < row; i++) if (path[i] === 'R') pathRights += 1;
  if (rights < pathRights) return 1;
  if (rights > pathRights) return -1;
  return path[row] === 'R' ? 1 : -1;
}

/** A ball this fraction of (ball + peg radius) above a row's pegs has left them (60° off top). */
const PAST_ROW = 0.5;

/**
 * Advances the lane state once the ball's centre is past a row: below the height where it can
 * still sit on top of that row's pegs. Which side of the peg it is on there decides its gap.
 */
export function updateLane(
  board: BoardGeometry,
  lane: LaneState,
  ballRadius: number,
  x: number,
  y: number,
): void {
  const decided = PAST_ROW * (ballRadius + board.pegRadius);
  while (lane.nextRow < board.rows && y >= board.rowY[lane.nextRow]! - decided) {
    lane.rights = gapUnder(board, lane.nextRow, x);
    lane.nextRow += 1;
  }
}

/** What a stretch of a try came to: the gap it took, its score and its steps. */
interface Outcome {
  gap: number;
  cost: number;
  steps: number;
}

/** Records an outcome (a try stopped early costs Infinity: it cannot beat the best so far). */
function settle(out: Outcome, gap: number, cost: number, steps: number): void {
  out.gap = gap;
  out.cost = cost;
  out.steps = steps;
}

interface Climb {
  lowest: number;
  most: number;
}

/**
 * Chooses the guidance of the balls of one radius on one board with one set of materials (make a
 * new one when any of them changes). Reuses its predictions: plan() allocates nothing.
 */
export class GuidancePlanner {
  readonly maxAccel: number;
  private readonly reach: number;
  private readonly trial: BallPrediction;
  private readonly decided: BallPrediction;
  private readonly climb: Climb = { lowest: 0, most: 0 };
  private readonly climbAfterFirst: Climb = { lowest: 0, most: 0 };
  private readonly firstRow: Outcome = { gap: 0, cost: 0, steps: 0 };
  private readonly secondRow: Outcome = { gap: 0, cost: 0, steps: 0 };
  private readonly after: Outcome = { gap: 0, cost: 0, steps: 0 };
  private readonly fastSpeed: number;
  private readonly fastSideways: number;
  /** The accelerations tried, from none outwards (a good try early abandons the others sooner). */
  private readonly firstTries: number[];
  private readonly secondTries: number[];
  private readonly firstTriesForced: number[];
  private readonly secondTriesForced: number[];
  private readonly fineTries: number[];
  /** Score of the last search's best try. */
  private best = Infinity;

  constructor(
    private readonly board: BoardGeometry,
    private readonly model: PredictionModel,
  ) {
    this.maxAccel = MAX_GUIDANCE_RATIO * model.gStep;
    this.reach = model.radius + board.pegRadius;
    this.trial = new BallPrediction(board, model);
    this.decided = new BallPrediction(board, model);
    this.fastSpeed = PLANNER_COSTS.fastSpeed * Math.sqrt(model.gStep * board.spacing);
    this.fastSideways = PLANNER_COSTS.fastSideways * Math.sqrt(model.gStep * board.spacing);
    this.firstTries = tries(FIRST_TRIES, this.maxAccel);
    this.secondTries = tries(SECOND_TRIES, this.maxAccel);
    this.firstTriesForced = tries(FIRST_TRIES_FORCED, this.maxAccel);
    this.secondTriesForced = tries(SECOND_TRIES_FORCED, this.maxAccel);
    this.fineTries = tries(FINE_TRIES, this.maxAccel);
  }

  /** The acceleration (px/step², signed) for a ball in `lane` in this state, held until its next row. */
  plan(
    path: string,
    bucket: number,
    lane: LaneState,
    state: BallState,
    contact: ContactCache,
  ): number {
    const row = lane.nextRow;
    const forcedNow = forced(this.board, bucket, row, lane.rights);
    let accel = this.search(path, bucket, lane, state, contact, forcedNow ? 'forced' : 'plain');
    if (this.best >= PLANNER_COSTS.beyondReachForced) {
      // Every try loses the bucket or misses where it must not: search again, finer (rare).
      const coarse = { best: this.best, accel };
      const fine = this.search(path, bucket, lane, state, contact, 'fine');
      if (coarse.best <= this.best) accel = coarse.accel;
      else accel = fine;
    }
    return accel;
  }

  private search(
    path: string,
    bucket: number,
    lane: LaneState,
    state: BallState,
    contact: ContactCache,
    mode: 'plain' | 'forced' | 'fine',
  ): number {
    const { trial, decided, firstRow, secondRow, after } = this;
    const row = lane.nextRow;
    let best = Infinity;
    let bestAccel = 0;
    const firstTries =
      mode === 'fine'
        ? this.fineTries
        : mode === 'forced'
          ? this.firstTriesForced
          : this.firstTries;
    for (const first of firstTries) {
      trial.load(state, contact);
      this.climb.lowest = trial.y;
      this.climb.most = 0;
      this.throughRow(path, bucket, row, lane.rights, first, 0, best, firstRow);
      if (firstRow.cost >= best) continue;
      if (row >= this.board.rows) {
        const cost = firstRow.cost + this.common(firstRow.steps, this.climb);
        if (cost < best) {
          best = cost;
          bestAccel = first;
        }
        continue;
      }
      decided.copyFrom(trial);
      this.climbAfterFirst.lowest = this.climb.lowest;
      this.climbAfterFirst.most = this.climb.most;
      const secondTries =
        mode === 'fine'
          ? this.fineTries
          : forced(this.board, bucket, row + 1, firstRow.gap)
            ? this.secondTriesForced
            : this.secondTries;
      for (const second of secondTries) {
        trial.copyFrom(decided);
        this.climb.lowest = this.climbAfterFirst.lowest;
        this.climb.most = this.climbAfterFirst.most;
        const budget = best - firstRow.cost;
        this.throughRow(
          path,
          bucket,
          row + 1,
          firstRow.gap,
          second,
          firstRow.steps,
          budget,
          secondRow,
        );
        let cost = firstRow.cost + secondRow.cost;
        let steps = firstRow.steps + secondRow.steps;
        if (cost >= best) continue;
        if (row + 1 < this.board.rows) {
          this.towardsAim(path, bucket, row + 2, secondRow.gap, steps, best - cost, after);
          cost += after.cost;
          steps += after.steps;
        }
        cost += this.common(steps, this.climb);
        if (cost < best) {
          best = cost;
          bestAccel = first;
        }
      }
    }
    this.best = best;
    return bestAccel;
  }

  private common(steps: number, climb: Climb): number {
    const c = PLANNER_COSTS;
    let cost = steps + c.touching * this.trial.touching;
    if (climb.most > c.climbAllowed) cost += c.climbCost * (climb.most - c.climbAllowed);
    if (this.trial.deepest > c.depthAllowed) cost += c.depthCost * this.trial.deepest;
    return cost;
  }

  /** One step of the trial under `accel`; true once its score so far reaches `budget` (give up). */
  private stepOver(accel: number, steps: number, budget: number): boolean {
    const trial = this.trial;
    trial.accel = accel;
    trial.step();
    track(this.climb, trial.y);
    return steps + trial.touching >= budget;
  }

  /**
   * Steps the trial with `accel` until row `row` is decided (the lane's rule), or until it lands
   * when `row` is past the last: the gap it took and its score.
   */
  private throughRow(
    path: string,
    bucket: number,
    row: number,
    rights: number,
    accel: number,
    stepsBefore: number,
    budget: number,
    out: Outcome,
  ): void {
    const { board, trial, reach } = this;
    const c = PLANNER_COSTS;
    let steps = 0;
    if (row >= board.rows) {
      while (trial.y < board.landingY && steps < MAX_STEPS) {
        steps += 1;
        if (this.stepOver(accel, stepsBefore + steps, budget)) {
          return settle(out, rights, Infinity, steps);
        }
      }
      const off = Math.abs(trial.x - board.bucketX[bucket]!);
      const cost =
        off > board.spacing / 2 - c.bucketMargin || steps >= MAX_STEPS
          ? c.unreachable
          : c.bucketCost * off;
      return settle(out, rights, cost, steps);
    }
    const decidedY = board.rowY[row]! - PAST_ROW * reach;
    const peg = pegX(row, rights + 1, board.spacing);
    const pegY = board.rowY[row]!;
    let contactOffset = NaN;
    while (trial.y < decidedY && steps < MAX_STEPS) {
      steps += 1;
      if (this.stepOver(accel, stepsBefore + steps, budget)) {
        return settle(out, rights, Infinity, steps);
      }
      if (Number.isNaN(contactOffset)) {
        const dx = trial.x - peg;
        const dy = trial.y - pegY;
        if (dx * dx + dy * dy < reach * reach + 0.01) contactOffset = dx;
      }
    }
    const raw = Math.floor((trial.x - pegX(row, 0, board.spacing)) / board.spacing);
    const gap = Math.max(0, Math.min(row + 1, raw));
    const needed = bucket - gap;
    let cost = 0;
    if (raw !== gap || needed < 0 || needed > board.rows - row - 1 || steps >= MAX_STEPS) {
      cost += c.unreachable;
    } else if (gap !== rights + (nextDirection(path, bucket, row, rights) > 0 ? 1 : 0)) {
      cost += c.reroute;
    }
    cost += this.speeding();
    if (!Number.isNaN(contactOffset)) {
      // How far the contact was on the side the ball went: near the top it could have gone either way.
      const side = contactOffset * (gap > rights ? 1 : -1);
      const margin = c.contactMargin * reach;
      if (side < margin) cost += (c.marginCost * (margin - side)) / margin;
    }
    settle(out, gap, cost, steps);
  }

  /** The trial's speed beyond what the board steers well (squared excess, total and sideways). */
  private speeding(): number {
    const c = PLANNER_COSTS;
    const { trial } = this;
    const vx = trial.x - trial.prevX;
    const vy = trial.y - trial.prevY;
    const fast = Math.max(0, Math.sqrt(vx * vx + vy * vy) - this.fastSpeed);
    const sideways = Math.max(0, Math.abs(vx) - this.fastSideways);
    return c.fastCost * fast * fast + c.sidewaysCost * sideways * sideways;
  }

  /**
   * Free fall (no guidance) to the aim on `row` (a contact beside its peg on the side the ball
   * should go, or the bucket past the last row): the distance left beyond what guidance from then
   * on could still fix (it moves the ball by accel · Σ of the steps' reach), and its speed there.
   */
  private towardsAim(
    path: string,
    bucket: number,
    row: number,
    rights: number,
    stepsBefore: number,
    budget: number,
    out: Outcome,
  ): void {
    const { board, trial, reach, model, climb } = this;
    const c = PLANNER_COSTS;
    // The window: the bucket's column, or the gap the ball should fall through on `row` (between
    // the two pegs that bound it, a margin off each).
    let low: number;
    let high: number;
    let untilY: number;
    // Missing the window loses the bucket (past the last row, or where the direction is forced)
    // or only costs a detour.
    let missCost: number = c.reroute;
    if (row >= board.rows) {
      const centre = board.bucketX[bucket]!;
      const half = board.spacing / 2 - c.bucketMargin - 2;
      low = centre - half;
      high = centre + half;
      untilY = board.landingY;
      missCost = c.beyondReachForced;
    } else {
      const peg = pegX(row, rights + 1, board.spacing);
      const margin = c.gapMargin * reach;
      const direction = nextDirection(path, bucket, row, rights);
      const otherWay = bucket - (rights + (direction > 0 ? 0 : 1));
      if (otherWay < 0 || otherWay > board.rows - row - 1) missCost = c.beyondReachForced;
      if (direction > 0) {
        low = peg + margin;
        high = peg + board.spacing - margin;
      } else {
        low = peg - board.spacing + margin;
        high = peg - margin;
      }
      untilY = board.rowY[row]! - c.gapHeight * reach;
    }
    // Fly on, steering as a simple rule would (the constant push that would put the ball on the
    // window's middle at the row), until the row is decided: did it fall through the window?
    const centre = (low + high) / 2;
    const decidedY = row >= board.rows ? board.landingY : board.rowY[row]! - PAST_ROW * reach;
    const g = model.gStep;
    let steps = 0;
    let accel = 0;
    while (trial.y < decidedY && steps < MAX_STEPS) {
      const vx = trial.x - trial.prevX;
      const vy = trial.y - trial.prevY;
      const dy = untilY - trial.y;
      if (dy > 0) {
        const n = Math.max(1, (-vy + Math.sqrt(vy * vy + 2 * g * dy)) / g);
        accel = Math.max(
          -this.maxAccel,
          Math.min(this.maxAccel, (2 * (centre - trial.x - vx * n)) / (n * n)),
        );
      }
      trial.accel = accel;
      trial.step();
      steps += 1;
      track(climb, trial.y);
      if (stepsBefore + steps + trial.touching >= budget) {
        return settle(out, rights, Infinity, steps);
      }
    }
    const off = trial.x < low ? low - trial.x : trial.x > high ? trial.x - high : 0;
    const cost =
      (off > 0 ? missCost * (1 + off) : 0) +
      (c.aimCost * Math.abs(trial.x - centre)) / ((high - low) / 2) +
      this.speeding();
    settle(out, rights, cost, steps);
  }
}

/** Whether `row` has one way left to the bucket (none to spare either side). */
function forced(board: BoardGeometry, bucket: number, row: number, rights: number): boolean {
  const needed = bucket - rights;
  return row < board.rows && (needed <= 0 || needed >= board.rows - row);
}

/** `count` accelerations evenly over ±max, ordered from the smallest outwards. */
function tries(count: number, max: number): number[] {
  const values = Array.from({ length: count }, (_, i) => max * (-1 + (2 * i) / (count - 1)));
  return values.sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
}

function track(climb: Climb, y: number): void {
  if (y > climb.lowest) climb.lowest = y;
  else if (climb.lowest - y > climb.most) climb.most = climb.lowest - y;
}
