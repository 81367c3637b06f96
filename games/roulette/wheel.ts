// The European wheel's pocket order and its geometry (pure).

/** Pockets clockwise from the top of the wheel. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const POCKET_ANGLE = (2 * Math.PI) / WHEEL_ORDER.length;

/** Angle of a pocket's centre on the wheel (radians, clockwise from the wheel's zero). */
export function pocketAngle(pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
  if (index < 0) throw new RangeError(`no pocket ${pocket}`);
  return index * POCKET_ANGLE;
}

const wrap = (angle: number) => ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);

/** The pocket under a wheel-relative angle. */
export function pocketAt(relativeAngle: number): number {
  const index = Math.round(wrap(relativeAngle) / POCKET_ANGLE) % WHEEL_ORDER.length;
  return WHEEL_ORDER[index]!;
}
