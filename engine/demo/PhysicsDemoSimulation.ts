import type Matter from 'matter-js';
import type { Simulation } from '../core/scene';
import { seededRandom } from '../core/random';
import type { ParamValues } from '../params/params';
import { PhysicsWorld } from '../physics/PhysicsWorld';
import type { physicsDemoParams } from './params';
import { DEMO_AREA } from './DemoSimulation';

export interface PhysicsDemoData {
  seed?: number;
}

export interface Ball {
  body: Matter.Body;
  prevX: number;
  prevY: number;
}

export const BALL_RADIUS = 9;
export const PEG_RADIUS = 5;
const DROP_EVERY_STEPS = 6;

/** Balls dropped through a field of pegs; balls that fall out are recycled through the body pool. */
export class PhysicsDemoSimulation implements Simulation<typeof physicsDemoParams> {
  readonly physics = new PhysicsWorld();
  readonly balls: Ball[] = [];
  readonly pegs: Matter.Body[] = [];
  collisions = 0;
  recycled = 0;
  private stepIndex = 0;
  private values: ParamValues<typeof physicsDemoParams>;
  private readonly random: () => number;
  private readonly stopListening: () => void;

  constructor(data: PhysicsDemoData, values: ParamValues<typeof physicsDemoParams>) {
    this.values = { ...values };
    this.random = seededRandom(data.seed ?? 7);
    const { width, height } = DEMO_AREA;
    this.physics.addRectangle(-10, height / 2, 20, height * 2);
    this.physics.addRectangle(width + 10, height / 2, 20, height * 2);
    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < 16; col++) {
        const x = 120 + col * 70 + (row % 2) * 35;
        const peg = this.physics.acquireCircle(x, 160 + row * 55, PEG_RADIUS, {
          isStatic: true,
          label: 'peg',
        });
        this.pegs.push(peg);
      }
    }
    this.applyGravity();
    this.stopListening = this.physics.onCollision(
      (pairs) => (this.collisions += pairs.length),
      ['start'],
    );
  }

  update(_dt: number): void {
    this.stepIndex += 1;
    if (this.balls.length < this.values.balls && this.stepIndex % DROP_EVERY_STEPS === 0) {
      this.drop();
    }
    for (const ball of this.balls) {
      ball.prevX = ball.body.position.x;
      ball.prevY = ball.body.position.y;
    }
    this.physics.step();
    for (let i = this.balls.length - 1; i >= 0; i--) {
      const ball = this.balls[i];
      if (!ball || ball.body.position.y < DEMO_AREA.height + 40) continue;
      this.physics.release(ball.body);
      this.balls.splice(i, 1);
      this.recycled += 1;
    }
  }

  paramsChanged(values: ParamValues<typeof physicsDemoParams>): void {
    this.values = { ...values };
    this.applyGravity();
    for (const ball of this.balls) ball.body.restitution = values.restitution;
    while (this.balls.length > values.balls) {
      const ball = this.balls.pop();
      if (ball) this.physics.release(ball.body);
    }
  }

  dispose(): void {
    this.stopListening();
    this.physics.clear();
    this.balls.length = 0;
  }

  private drop(): void {
    const x = DEMO_AREA.width / 2 + (this.random() - 0.5) * 200;
    const body = this.physics.acquireCircle(x, -BALL_RADIUS, BALL_RADIUS, {
      restitution: this.values.restitution,
      friction: 0.02,
      label: 'ball',
    });
    this.balls.push({ body, prevX: x, prevY: -BALL_RADIUS });
  }

  private applyGravity(): void {
    this.physics.engine.gravity.y = this.values.gravity;
  }
}
