import { Graphics, Particle, ParticleContainer, Sprite } from 'pixi.js';
import type { SceneContext } from '../core/Engine';
import type { ActionPhase, SceneModule, SceneView } from '../core/scene';
import type { ParamValues } from '../params/params';
import { DEMO_AREA, DemoSimulation, type DemoData } from './DemoSimulation';
import { demoParams } from './params';

const TINTS = [0xffc43d, 0xdc3040, 0x40dcff, 0xaa64ff, 0x6cf08a];

/** N sprites sharing one procedural texture in a ParticleContainer: one draw call for all of them. */
class DemoView implements SceneView<DemoData, DemoSimulation, SceneContext> {
  private sim!: DemoSimulation;
  private ctx!: SceneContext;
  private particles!: ParticleContainer<Particle>;
  private badges: Sprite[] = [];

  init(_data: DemoData, sim: DemoSimulation): void {
    this.sim = sim;
  }

  create(ctx: SceneContext): void {
    this.ctx = ctx;
    const frame = new Graphics()
      .rect(0, 0, DEMO_AREA.width, DEMO_AREA.height)
      .fill(0x111830)
      .stroke({ width: 2, color: 0x2a3a70 });
    this.particles = new ParticleContainer<Particle>({
      dynamicProperties: {
        position: true,
        vertex: false,
        rotation: false,
        uvs: false,
        color: false,
      },
    });
    const sheet = ctx.engine.assets.sheet('engine-demo-icons');
    this.badges = Object.keys(sheet.textures).map((name, i) => {
      const badge = new Sprite(sheet.textures[name]);
      badge.position.set(16 + i * 56, 16);
      badge.eventMode = 'static';
      badge.cursor = 'pointer';
      badge.on('pointertap', () => ctx.engine.sound.play('engine-demo-sfx', 'click'));
      return badge;
    });
    ctx.root.addChild(frame, this.particles, ...this.badges);
  }

  show(): void {
    this.syncCount();
  }

  /** Its sprites are particles, moved in place every frame: Pixi cannot see that, so never still. */
  still(): boolean {
    return this.particles.particleChildren.length === 0;
  }

  render(alpha: number): void {
    const { x, y, prevX, prevY } = this.sim;
    const children = this.particles.particleChildren;
    for (let i = 0; i < children.length; i++) {
      const particle = children[i]!;
      const px = prevX[i] ?? 0;
      const py = prevY[i] ?? 0;
      particle.x = px + ((x[i] ?? 0) - px) * alpha;
      particle.y = py + ((y[i] ?? 0) - py) * alpha;
    }
  }

  action(name: string, phase: ActionPhase): void {
    if (name === 'ping' && phase === 'down') this.ctx.engine.sound.play('engine-demo-sfx', 'ping');
  }

  paramsChanged(_values: ParamValues): void {
    this.syncCount();
  }

  destroy(): void {
    this.particles.destroy();
  }

  /** One particle per simulated point; the texture is generated once and cached. */
  private syncCount(): void {
    const texture = this.ctx.engine.textures.get('engine-demo:dot', (g) =>
      g.circle(6, 6, 6).fill(0xffffff),
    );
    const children = this.particles.particleChildren;
    if (children.length > this.sim.count) {
      children.length = this.sim.count;
    }
    for (let i = children.length; i < this.sim.count; i++) {
      children.push(
        new Particle({
          texture,
          anchorX: 0.5,
          anchorY: 0.5,
          tint: TINTS[i % TINTS.length] ?? 0xffffff,
        }),
      );
    }
    this.particles.update();
  }
}

export const demoScene: SceneModule<DemoData, DemoSimulation, SceneContext, typeof demoParams> = {
  id: 'demo',
  bundles: ['engine-demo'],
  params: demoParams,
  actions: [{ name: 'ping', keys: ['Space'], label: 'ping' }],
  simulation: (data, values) => new DemoSimulation(data ?? {}, values),
  view: () => new DemoView(),
};
