export interface Size {
  width: number;
  height: number;
}

export interface Fit {
  scale: number;
  /** Offset of the design area inside the screen (letterbox bars). */
  x: number;
  y: number;
}

/** Letterbox: the largest scale at which the whole design size fits, centred. */
export function fitDesign(screen: Size, design: Size): Fit {
  if (screen.width <= 0 || screen.height <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(screen.width / design.width, screen.height / design.height);
  return {
    scale,
    x: (screen.width - design.width * scale) / 2,
    y: (screen.height - design.height * scale) / 2,
  };
}

/** Pixel density the engine renders at: crisp on phones without paying for 3x screens. */
export function renderResolution(devicePixelRatio: number | undefined): number {
  return Math.min(Math.max(devicePixelRatio || 1, 1), 2);
}
