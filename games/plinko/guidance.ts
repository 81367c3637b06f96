// Steering that makes a physical ball land in the server's bucket. The ball's progress is read
// from the physics: once its centre is past a row of pegs, the gap it is in says how many
// "rights" it has effectively taken. The next row's direction is the server's path (or, if a
// bounce put the ball off the path, the direction that rejoins it while the bucket is still
// reachable). The aim is the point beside that row's peg, on the side to go, where the ball
// should meet it; how far beside is chosen by predicting the bounce (frictionless, the ball's
// restitution, a measured gain) and the fall to the next row's aim. Each step the guidance is
// the one constant horizontal acceleration that brings the falling ball (gravity and air
// friction as matter-js steps them) onto the aim, clamped to MAX_GUIDANCE_RATIO of gravity.
// The peg itself deflects the ball: collisions stay real, and guidance never pushes upwards.
import { pegX, type BoardGeometry } from './board';

/** The largest guidance, as a fraction of gravity; the requirement is < 0.25. */
export const MAX_GUIDANCE_RATIO = 0.22;
/** Where the ball should meet a peg, as a fraction of (ball + peg radius) off its centre: the
 * planning default, and the range the bounce planner chooses from (always the correct side). */
const CONTACT_OFFSET = 0.3;
const FORCED_CONTACT_OFFSET = 0.5;
const MIN_OFFSET = 0.08;
/** Beyond this offset on the wrong side (tan⁻¹ 0.22 ≈ 12°, as a fraction of reach) a ball on a peg is lost to that side. */
const RESCUE_OFFSET = 0.15;
const MAX_OFFSET = 0.6;
/** matter-js bounces harder than the frictionless model (position correction): measured factor. */
const KICK_GAIN = 1.2;
/** A ball this fraction of (ball + peg radius) above a row's pegs has left them (60° off top). */
const PAST_ROW = 0.5;
/** Halvings of the contact offset range (0.52 reach): 10 place the aim within 0.01 px. */
const BISECTION_STEPS = 10;
/** Longest look-ahead of the fall prediction, in steps. */
const MAX_PREDICTION_STEPS = 240;

export interface BallMotion {
  x: number;
  y: number;
  /** Velocity in pixels per physics step. */
  vx: number;
  vy: number;
}

/** Where a ball is on its way down: the next row it will cross and its rights so far. */
export interface LaneState {
  /** 0..rows; `rows` means past the last row, over the buckets. */
  nextRow: number;
  /** Rights taken so far, read from the gaps crossed (= the bucket under it after the last row). */
  rights: number;
}

export interface AimPoint {
  x: number;
  y: number;
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

/** What the aim needs to know about the ball and its material. */
export interface BallModel {
  radius: number;
  restitution: number;
  airFriction: number;
}

/**
 * The point to steer to: beside the peg the ball will meet on its next row, on the side it should
 * go, at the height where it meets it (so the peg, not the guidance, deflects it). How far beside
 * is chosen so that the predicted bounce carries the ball to its aim on the row after; after the
 * last row the aim is the bucket's centre.
 */
export function aimPoint(
  board: BoardGeometry,
  path: string,
  bucket: number,
  lane: LaneState,
  ball: BallMotion,
  model: BallModel,
  gStep: number,
): AimPoint {
  if (lane.nextRow >= board.rows) return { x: board.bucketX[bucket]!, y: board.landingY };
  const row = lane.nextRow;
  const reach = model.radius + board.pegRadius;
  const pegXOnRow = pegX(row, lane.rights + 1, board.spacing);
  const pegY = board.rowY[row]!;
  let direction = nextDirection(path, bucket, row, lane.rights);
  // A ball resting on the peg too far on the other side cannot be pushed back over the top
  // (gravity along the surface beats the guidance): let it go that way and re-plan below.
  const dx = ball.x - pegXOnRow;
  const onPeg = Math.hypot(dx, ball.y - pegY) <= reach * 1.05;
  if (onPeg && dx * direction < -RESCUE_OFFSET * reach) direction = direction > 0 ? -1 : 1;
  const next = defaultAim(
    board,
    path,
    bucket,
    row + 1,
    lane.rights + (direction > 0 ? 1 : 0),
    reach,
  );
  // Speed at the peg: a free fall from where the ball is to the peg's top (copied: fall() reuses it).
  const atPeg = {
    ...fall(ball.x, ball.y, ball.vx, ball.vy, pegY - reach * 0.95, gStep, 1 - model.airFriction),
  };
  let low = MIN_OFFSET * reach;
  let high = MAX_OFFSET * reach;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const offset = (low + high) / 2;
    const landed = bounceAndFall(
      offset * direction,
      pegXOnRow,
      pegY,
      reach,
      atPeg,
      next.y,
      model,
      gStep,
    );
    if ((landed - next.x) * direction < 0) low = offset;
    else high = offset;
  }
  const offset = (low + high) / 2;
  return {
    x: pegXOnRow + direction * offset,
    y: pegY - Math.sqrt(reach * reach - offset * offset),
  };
}

/** The aim on `row` with the standard contact offset (the target of the bounce on the row above). */
function defaultAim(
  board: BoardGeometry,
  path: string,
  bucket: number,
  row: number,
  rights: number,
  reach: number,
): AimPoint {
  if (row >= board.rows) return { x: board.bucketX[bucket]!, y: board.landingY };
  const direction = nextDirection(path, bucket, row, rights);
  // Where the bucket leaves no choice, aim at the middle of the right side: the most margin.
  const needed = bucket - rights;
  const forced = needed <= 0 || needed >= path.length - row;
  const offset = (forced ? FORCED_CONTACT_OFFSET : CONTACT_OFFSET) * reach;
  return {
    x: pegX(row, rights + 1, board.spacing) + direction * offset,
    y: board.rowY[row]! - Math.sqrt(reach * reach - offset * offset),
  };
}

/**
 * Where (x) a ball meeting the peg at `offset` (signed, from the peg's centre) with velocity
 * `arrival` lands on height `untilY` after a frictionless bounce with the ball's restitution.
 */
function bounceAndFall(
  offset: number,
  pegXOnRow: number,
  pegY: number,
  reach: number,
  arrival: BallMotion,
  untilY: number,
  model: BallModel,
  gStep: number,
): number {
  const nx = offset / reach;
  const ny = -Math.sqrt(Math.max(0, 1 - nx * nx));
  const along = arrival.vx * nx + arrival.vy * ny;
  const push = (1 + model.restitution) * Math.min(0, along) * KICK_GAIN;
  const vxOut = arrival.vx - push * nx;
  const vyOut = arrival.vy - push * ny;
  const keep = 1 - model.airFriction;
  return fall(pegXOnRow + offset, pegY + ny * reach, vxOut, vyOut, untilY, gStep, keep).x;
}

/** fall() writes here: the planner calls it thousands of times a step, without allocating. */
const fallen: BallMotion = { x: 0, y: 0, vx: 0, vy: 0 };

/**
 * Free fall (gravity and air friction as matter-js steps them) until the ball reaches untilY.
 * Answers a shared object, valid until the next call.
 */
function fall(
  x: number,
  y: number,
  vx: number,
  vy: number,
  untilY: number,
  gStep: number,
  keep: number,
): BallMotion {
  for (let n = 0; n < MAX_PREDICTION_STEPS && y < untilY; n++) {
    vy = vy * keep + gStep;
    vx *= keep;
    y += vy;
    x += vx;
  }
  fallen.x = x;
  fallen.y = y;
  fallen.vx = vx;
  fallen.vy = vy;
  return fallen;
}

/**
 * The horizontal acceleration (pixels per step², signed) to apply this step: the constant one
 * that puts the ball on `aim.x` when it falls to `aim.y` (gravity `gStep` pixels per step²,
 * matter-js air friction `airFriction`), within ±MAX_GUIDANCE_RATIO · gStep. Never vertical,
 * so guidance can never lift a ball.
 */
export function guidanceAcceleration(
  ball: BallMotion,
  aim: AimPoint,
  gStep: number,
  airFriction: number,
): number {
  const keep = 1 - airFriction;
  let y = ball.y;
  let vy = ball.vy;
  let x = ball.x;
  let vx = ball.vx;
  let unit = 0;
  let unitX = 0;
  for (let n = 0; n < MAX_PREDICTION_STEPS; n++) {
    vy = vy * keep + gStep;
    y += vy;
    vx *= keep;
    x += vx;
    unit = unit * keep + 1;
    unitX += unit;
    if (y >= aim.y) break;
  }
  const wanted = (aim.x - x) / unitX;
  const limit = MAX_GUIDANCE_RATIO * gStep;
  return Math.max(-limit, Math.min(limit, wanted));
}
