// One tile of the shaft on screen, from the baked frames (art.ts): nothing is drawn per frame. A
// gem rising moves and scales its sprite, a rock's crack swaps frames; only the outline (once per
// layout) is a Graphics.
import { Container, Graphics, Sprite, type Texture } from 'pixi.js';
import { CRACK, GEM_HALF, GLOW_RADIUS, TILE_FRAME } from './art';
import { conceal, showAt } from '../shared/scene/transparent';
import { COLORS } from './palette';

/** The sheet's frames the tiles use (see art.ts). */
export interface TileFrames {
  dirt: readonly Texture[];
  hole: Texture;
  gem: Texture;
  glow: Texture;
  rock: Texture;
  /** The crack through 2, 3, 4 and 5 of its points. */
  cracks: readonly Texture[];
  dot: Texture;
}

/** What a tile shows: everything its sprites are set from. */
export interface TileLook {
  layout: number;
  shown: string;
  reveal: number;
  lit: boolean;
  outlined: boolean;
  /** A hidden tile of the shown pattern: the rock's tile (its column) or -1 (a safe level). */
  mark: number | undefined;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The dirt of a level not in play is drawn darker than the level being dug. */
const UNLIT = 0xc0c0c0;
/** The tiles the player did not pick, shown at the end. */
const DIM = 0.4;

/** Pixi's tint setter parses every value through its Color (garbage each time): a change only. */
function setTint(target: Sprite | Graphics, color: number): void {
  if (target.tint !== color) target.tint = color;
}

export class TileView {
  readonly root = new Container();
  private readonly base = new Sprite();
  // What comes and goes while tiles are revealed is transparent rather than hidden: switching
  // `visible` rebuilt the tiles' draw instructions in each frame a gem started or stopped glowing.
  private readonly glow = new Sprite({ anchor: 0.5, alpha: 0 });
  private readonly icon = new Sprite({ anchor: 0.5, alpha: 0 });
  private readonly outline = new Graphics({ alpha: 0 });
  private readonly mark = new Sprite({ anchor: 0.5, alpha: 0 });
  /** The layout the sprites were placed for, and the box. */
  private placed = -1;
  private placedBox: Box | null = null;
  /** This tile's dirt among the variants, so neighbours differ. */
  private readonly dirt: Texture;

  constructor(
    private readonly frames: TileFrames,
    seed: number,
  ) {
    this.dirt = frames.dirt[seed % frames.dirt.length]!;
    this.base.texture = this.dirt;
    this.glow.texture = frames.glow;
    this.icon.texture = frames.gem;
    this.mark.texture = frames.dot;
    this.mark.tint = COLORS.gold;
    this.root.addChild(this.base, this.glow, this.icon, this.outline, this.mark);
  }

  /** Where the tile is drawn (its dirt or rock fills this box), or null before it is first shown. */
  get box(): Box | null {
    return this.placedBox;
  }

  /** An empty slot (a shaft with fewer tiles per level). */
  clear(): void {
    this.root.visible = false;
  }

  /**
   * Sets the sprites for `look`, each property once: a property set to one value and then to
   * another marks its sprite changed twice (a new board sets all 32 tiles in one frame).
   */
  show(look: TileLook, box: Box): void {
    this.root.visible = true;
    if (look.layout !== this.placed) this.place(box, look.layout);
    const { frames } = this;
    const { shown, reveal } = look;
    const hidden = shown === 'hidden';
    const dim = shown.endsWith('unpicked');
    const size = Math.min(box.width, box.height);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    let glowing = false;
    if (hidden) {
      this.base.texture = this.dirt;
      setTint(this.base, look.lit ? 0xffffff : UNLIT);
      this.base.alpha = 1;
      conceal(this.icon);
    } else if (shown.startsWith('gem')) {
      // The gem rises out of its hole and settles, glowing while it rises.
      this.base.texture = frames.hole;
      setTint(this.base, 0xffffff);
      this.base.alpha = 1;
      const ease = 1 - (1 - reveal) ** 3;
      const gy = cy + (1 - ease) * box.height * 0.35;
      const half = size * 0.3 * (0.6 + 0.4 * ease);
      this.icon.texture = frames.gem;
      this.icon.position.set(cx, gy);
      this.icon.scale.set(half / GEM_HALF);
      this.icon.alpha = dim ? DIM : 1;
      glowing = reveal < 1 && !dim;
      if (glowing) {
        this.glow.position.set(cx, gy);
        this.glow.scale.set((half * 1.8) / GLOW_RADIUS);
        this.glow.alpha = 0.6 * (1 - reveal);
      }
    } else {
      // A rock: its crack grows as it is revealed; the one that ended the game is outlined red.
      this.base.texture = frames.rock;
      setTint(this.base, 0xffffff);
      this.base.alpha = dim ? 0.55 : 1;
      const points = Math.max(2, Math.round(Math.min(1, reveal * 1.4) * CRACK.length));
      this.icon.texture = frames.cracks[points - 2]!;
      this.icon.position.set(cx, cy);
      this.icon.scale.set(box.width / TILE_FRAME.width, box.height / TILE_FRAME.height);
      this.icon.alpha = dim ? DIM : 1;
    }
    // A hidden tile's glow, gem or crack, outline and mark: most of a board's fill.
    if (!glowing) conceal(this.glow);
    const outlined = hidden ? look.outlined : shown === 'rock';
    showAt(this.outline, outlined ? 1 : 0);
    if (outlined) setTint(this.outline, hidden ? COLORS.gold : COLORS.lost);
    if (look.mark !== undefined) {
      this.mark.position.set(cx, cy);
      this.mark.setSize(2 * size * (look.mark === -1 ? 0.08 : 0.16));
      this.mark.alpha = look.mark === -1 ? 0.5 : 0.9;
    } else conceal(this.mark);
  }

  /** The tile's sprites and its outline for a new box (a layout). */
  private place(box: Box, layout: number): void {
    this.placed = layout;
    this.placedBox = { x: box.x, y: box.y, width: box.width, height: box.height };
    this.base.position.set(box.x, box.y);
    this.base.setSize(box.width, box.height);
    const radius = Math.min(8, box.height * 0.18);
    this.outline
      .clear()
      .roundRect(box.x + 1.5, box.y + 1.5, box.width - 3, box.height - 3, radius)
      .stroke({ width: 3, color: 0xffffff });
  }
}
