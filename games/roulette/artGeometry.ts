// What the baked art (./art.ts) and the scene that shows it (./scene.ts) agree on: the wheel's
// radii, in scene units, and how much of its frame each baked disc fills.

/** The wheel's circles: the bowl's brass lip, the pockets' outer ends, the cone and the hub. */
export const RING = { outer: 340, pockets: 310, numbers: 270, inner: 190, hub: 120 } as const;
/** The wooden rim around the bowl. */
export const RIM = RING.outer + 14;
/** A frame's side, px. */
export const ART_CELL = 128;
/** A disc that fills its frame (ball, chip, cone, light) leaves half a pixel for its smooth edge. */
export const DISC_FILL = (ART_CELL / 2 - 0.5) / (ART_CELL / 2);
/** The shadow frame's disc, as a share of the frame (the rest is its soft edge). */
export const SHADOW_DISC = 50 / 64;
/** The cone frame's dark dome, where the result shows, as a share of the cone. */
export const HUB_SHARE = RING.hub / RING.inner;
/** The light frame's circles, as shares of the rim. */
export const LIGHT_SHARE = { pockets: RING.pockets / RIM, lip: RING.outer / RIM } as const;
