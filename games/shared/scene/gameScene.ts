// What a game's scene.ts is built from: its module (`export default defineScene({...})`) and the
// base of its Pixi view. The kit registers the scene under the game's id with the game's bundles
// and sounds (games/shared/scene/registerScene.ts), so a scene names neither.
import type {
  GameScene,
  ParamsSpec,
  SceneContext,
  SceneView,
  Simulation,
} from '../../../engine/index';

/** A game's scene as its scene.ts exports it: an engine scene without its id and bundles. */
export type GameSceneModule<
  Data = unknown,
  Sim extends Simulation = Simulation,
  P extends ParamsSpec = ParamsSpec,
> = Omit<GameScene<Data, Sim, P>, 'id' | 'bundles'> &
  Partial<Pick<GameScene<Data, Sim, P>, 'id' | 'bundles'>>;

/** Identity with type inference: params, actions, `simulation(data, values)` and `view()`. */
export const defineScene = <Data, Sim extends Simulation, P extends ParamsSpec>(
  scene: Omit<GameScene<Data, Sim, P>, 'id' | 'bundles'>,
): GameSceneModule<Data, Sim, P> => scene;

/** The base of a game's view: each visit's simulation, which the engine hands to `init`, is `sim`. */
export abstract class GameView<Sim extends Simulation, Data = unknown> implements SceneView<
  Data,
  Sim,
  SceneContext
> {
  protected sim!: Sim;

  init(_data: Data, sim: Sim): void {
    this.sim = sim;
  }
}
