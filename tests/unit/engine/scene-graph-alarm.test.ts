import { Container, RenderGroup } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { hasPendingChanges, sceneGraphAlarm } from '../../../engine/core/sceneGraph';

describe("the scene graph's alarm (the sleeping loop's wake)", () => {
  it('rings once at the first change while armed, then leaves Pixi as it was', () => {
    const own = RenderGroup.prototype.onChildUpdate;
    const root = new Container({ isRenderGroup: true });
    const child = new Container();
    root.addChild(child);
    let rings = 0;
    const alarm = sceneGraphAlarm(() => (rings += 1));

    // What a render does: the change marks are taken (Pixi marks a container once per frame).
    const rendered = () => {
      child.didChange = false;
    };
    rendered();
    child.x = 1; // not armed: nothing
    expect(rings).toBe(0);
    rendered();

    alarm.arm();
    expect(RenderGroup.prototype.onChildUpdate).not.toBe(own);
    child.x = 2;
    child.alpha = 0.5;
    expect(rings).toBe(1);
    // It disarmed itself at the ring, and the change was still marked for the next frame.
    expect(RenderGroup.prototype.onChildUpdate).toBe(own);
    expect(hasPendingChanges(root.renderGroup!)).toBe(true);

    alarm.arm();
    root.addChild(new Container());
    expect(rings).toBe(2);

    alarm.arm();
    alarm.disarm();
    rendered();
    child.y = 3;
    expect(rings).toBe(2);
    expect(RenderGroup.prototype.onChildUpdate).toBe(own);
  });
});
