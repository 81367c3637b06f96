// How the cart shakes as the multiplier climbs: the round's suspense, felt before it is read.

/** The widest shake, in CSS px (reached at about 24x). */
export const MAX_SHAKE_PX = 7;
/** Shake per unit of ln(multiplier): 1.5 px at 2x, 3.5 px at 5x, 5 px at 10x. */
const SHAKE_PER_LN = 2.2;

export interface CartShake {
  /** The shake's width now, px (0 at 1x). */
  amplitude: number;
  x: number;
  y: number;
  /** Radians. */
  rotation: number;
}

/**
 * The cart's offset and tilt `travelled` px down the shaft at multiplier `m`: a side-to-side
 * rattle, a smaller bounce at another rate and a slight rock, all as wide as the multiplier says.
 */
export function cartShake(travelled: number, m: number): CartShake {
  const amplitude = Math.min(MAX_SHAKE_PX, SHAKE_PER_LN * Math.log(Math.max(1, m)));
  return {
    amplitude,
    x: Math.sin(travelled * 0.3) * amplitude,
    y: Math.sin(travelled * 0.53 + 1) * amplitude * 0.4,
    rotation: Math.sin(travelled * 0.21) * amplitude * 0.006,
  };
}
