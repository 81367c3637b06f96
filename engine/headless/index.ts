// The engine's renderer-free API: what a simulation (games/<id>/simulation.ts), a params.ts and a
// headless run import. Nothing here loads pixi.js or touches the DOM, so it runs in plain Node
// (`node --import tsx`) as it runs in the browser; engine/index.ts re-exports all of it.
// eslint-rules/layer-boundaries.js keeps the view packages out of these files and of the games'
// headless files; tests/unit/headless/plain-node.test.ts checks the whole import graph.
export type { Simulation } from '../core/scene';
export { seededRandom } from '../core/random';
export { coerceParam, defaultValues, defineParams, validateParams } from '../params/params';
export type { NumberParam, ParamsCheck, ParamsSpec, ParamValues } from '../params/params';
export { PhysicsWorld, PHYSICS_STEP_MS } from '../physics/PhysicsWorld';
export { markExactCircle } from '../physics/exactCircles';
export type {
  CollisionListener,
  CollisionPair,
  CollisionPhase,
  CircleOptions,
} from '../physics/PhysicsWorld';
export { runHeadless } from './runHeadless';
export type { HeadlessOptions, HeadlessRun, HeadlessScene } from './runHeadless';
