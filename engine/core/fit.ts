export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

export interface Fit {
  scale: number;
  /** Offset of the design area inside the screen (letterbox bars). */
  x: number;
  y: number;
}

/**
 * The space a scene lays itself out in (SceneView.layout): the canvas in CSS pixels, so 1 unit
 * of the scene's root is 1 CSS pixel and a 12 px label reads as 12 px on any screen.
 */
export interface LayoutSpace extends Size {
  /** Taller than wide: a phone held upright. */
  portrait: boolean;
}

export function layoutSpace(width: number, height: number): LayoutSpace {
  return { width, height, portrait: height > width };
}

/**
 * The largest uniform scale at which `content` (a box of its own units, starting at its
 * `x`, `y` when given) fits inside `area`, and the offset that centres it there.
 */
export function fitInto(content: Size & Partial<Pick<Rect, 'x' | 'y'>>, area: Rect): Fit {
  if (area.width <= 0 || area.height <= 0 || content.width <= 0 || content.height <= 0) {
    return { scale: 1, x: area.x, y: area.y };
  }
  const scale = Math.min(area.width / content.width, area.height / content.height);
  return {
    scale,
    x: area.x + (area.width - content.width * scale) / 2 - (content.x ?? 0) * scale,
    y: area.y + (area.height - content.height * scale) / 2 - (content.y ?? 0) * scale,
  };
}

/** Letterbox: the largest scale at which the whole design size fits, centred. */
export function fitDesign(screen: Size, design: Size): Fit {
  if (screen.width <= 0 || screen.height <= 0) return { scale: 1, x: 0, y: 0 };
  return fitInto(design, { x: 0, y: 0, ...screen });
}

/** Pixel density the engine renders at: crisp on phones without paying for 3x screens. */
export function renderResolution(devicePixelRatio: number | undefined): number {
  return Math.min(Math.max(devicePixelRatio || 1, 1), 2);
}
