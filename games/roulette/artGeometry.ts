// What the baked art (./art.ts) and the scene that shows it (./scene.ts) agree on: the wheel's
// radii, in scene units, and how much of its frame each baked disc fills.

/** The wheel's circles: the bowl's brass lip, the pockets' outer ends, the cone and the hub. */
export const RING = { outer: 340, pockets: 310, numbers: 270, inner: 190, hub: 120 } as const;
/** The wooden rim around the bowl. */
export const RIM = RING.outer + 14;
/** A frame's side, px. */
export const ART_CELL = 128;
/** A disc that fills its frame (ball, chip, cone) leaves half a pixel for its smooth edge. */
export const DISC_FILL = (ART_CELL / 2 - 0.5) / (ART_CELL / 2);
/** The overlay frame's wheel, as a share of the frame (the rest is the shadow around it). */
export const OVERLAY_DISC = 56 / 64;
/** How far the shadow falls below the wheel, as a share of the rim. */
export const SHADOW_DROP = 14 / RIM;
/** The cone frame's dark dome, where the result shows, as a share of the cone. */
export const HUB_SHARE = RING.hub / RING.inner;
/** The overlay's circles, as shares of the rim. */
export const LIGHT_SHARE = { pockets: RING.pockets / RIM, lip: RING.outer / RIM } as const;
