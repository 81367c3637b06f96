import { Container, Sprite, type Texture } from 'pixi.js';
import type { SceneContext } from '../core/Engine';
import type { SceneModule, SceneView } from '../core/scene';
import { physicsDemoParams } from './params';
import {
  BALL_RADIUS,
  PEG_RADIUS,
  PhysicsDemoSimulation,
  type PhysicsDemoData,
} from './PhysicsDemoSimulation';

/** Draws the physics demo: pegs once per visit, balls pooled as sprites and interpolated. */
class PhysicsDemoView implements SceneView<PhysicsDemoData, PhysicsDemoSimulation, SceneContext> {
  private sim!: PhysicsDemoSimulation;
  private ballTexture!: Texture;
  private pegTexture!: Texture;
  private readonly pegs = new Container();
  private readonly balls = new Container();
  private readonly spare: Sprite[] = [];

  init(_data: PhysicsDemoData, sim: PhysicsDemoSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    this.ballTexture = ctx.engine.textures.get('engine-demo:ball', (g) =>
      g.circle(BALL_RADIUS, BALL_RADIUS, BALL_RADIUS).fill(0xffc43d),
    );
    this.pegTexture = ctx.engine.textures.get('engine-demo:peg', (g) =>
      g.circle(PEG_RADIUS, PEG_RADIUS, PEG_RADIUS).fill(0x8fa3d8),
    );
    ctx.root.addChild(this.pegs, this.balls);
  }

  show(): void {
    for (const peg of this.sim.pegs) {
      const sprite = this.sprite(this.pegTexture);
      sprite.position.set(peg.position.x, peg.position.y);
      this.pegs.addChild(sprite);
    }
  }

  render(alpha: number): void {
    const balls = this.sim.balls;
    while (this.balls.children.length < balls.length) {
      this.balls.addChild(this.sprite(this.ballTexture));
    }
    while (this.balls.children.length > balls.length) {
      this.spare.push(this.balls.removeChildAt(this.balls.children.length - 1) as Sprite);
    }
    balls.forEach((ball, i) => {
      const sprite = this.balls.children[i]!;
      const { x, y } = ball.body.position;
      sprite.position.set(
        ball.prevX + (x - ball.prevX) * alpha,
        ball.prevY + (y - ball.prevY) * alpha,
      );
    });
  }

  shutdown(): void {
    for (const layer of [this.pegs, this.balls]) {
      this.spare.push(...(layer.removeChildren() as Sprite[]));
    }
  }

  destroy(): void {
    this.spare.forEach((sprite) => sprite.destroy());
    this.spare.length = 0;
  }

  /** Sprites are reused between visits instead of allocated per ball. */
  private sprite(texture: Texture): Sprite {
    const sprite = this.spare.pop() ?? new Sprite();
    sprite.texture = texture;
    sprite.anchor.set(0.5);
    return sprite;
  }
}

export const physicsDemoScene: SceneModule<
  PhysicsDemoData,
  PhysicsDemoSimulation,
  SceneContext,
  typeof physicsDemoParams
> = {
  id: 'physics',
  // The demo's art is the likely next stop: load it in the background.
  prefetch: ['engine-demo'],
  params: physicsDemoParams,
  simulation: (data, values) => new PhysicsDemoSimulation(data ?? {}, values),
  view: () => new PhysicsDemoView(),
};
