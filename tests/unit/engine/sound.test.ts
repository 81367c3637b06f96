import { Howler } from 'howler';
import { describe, expect, it } from 'vitest';
import {
  MAX_SOUNDS_PER_FRAME,
  SOUND_SETTINGS_KEY,
  SoundManager,
  type KeyValueStore,
  type SoundSpriteDefinition,
} from '../../../engine/sound/SoundManager';

/** Web Storage semantics (strings in, strings out) for Node, where localStorage does not exist. */
class MemoryStorage implements KeyValueStore {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const howlerMuted = () => (Howler as unknown as { _muted: boolean })._muted;

const BEEP: SoundSpriteDefinition = {
  src: ['data:audio/wav;base64,AAAA'],
  sprite: { beep: [0, 10] },
  channel: 'effects',
};

/** A manager whose audio has started (its first sound played), as after a player's first bet. */
function started(storage: KeyValueStore | null): SoundManager {
  const manager = new SoundManager(storage);
  manager.define('ui', BEEP);
  manager.play('ui', 'beep');
  return manager;
}

describe('sounds in one frame', () => {
  it(`starts at most ${MAX_SOUNDS_PER_FRAME} in a frame's time, a clip once; the next frame plays again`, () => {
    let clock = 1_000;
    const manager = new SoundManager(null, () => clock);
    const clips = ['a', 'b', 'c', 'd', 'e', 'f'];
    manager.define('sfx', {
      src: BEEP.src,
      sprite: Object.fromEntries(clips.map((clip, i) => [clip, [i * 10, 10] as const])),
      channel: 'effects',
    });
    expect(manager.play('sfx', 'a')).not.toBeNull();
    clock += 5;
    expect(manager.play('sfx', 'a')).toBeNull();
    const played = clips.slice(1).map((clip) => manager.play('sfx', clip) !== null);
    expect(played).toEqual([true, true, true, false, false]);
    clock += 12; // 17 ms after the frame opened
    expect(manager.play('sfx', 'a')).not.toBeNull();
    expect(manager.play('sfx', 'f')).not.toBeNull();
  });
});

describe('sound settings', () => {
  it('in a page, plays nothing (and makes no AudioContext) before the first gesture', () => {
    const page = globalThis as { window?: unknown };
    page.window = globalThis;
    let manager: SoundManager;
    // A frame apart between plays: the same clip twice within a frame is one sound.
    let clock = 0;
    const nextFrame = () => (clock += 20);
    try {
      manager = new SoundManager(null, () => clock);
    } finally {
      delete page.window;
    }
    manager.define('ui', BEEP);
    const target = new EventTarget();
    manager.unlockOnFirstGesture(target);
    expect(manager.play('ui', 'beep')).toBeNull();
    expect(manager.audioStarted).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    expect(manager.play('ui', 'beep')).not.toBeNull();
    expect(manager.audioStarted).toBe(true);
    // A fast-forwarded scene's sounds are dropped.
    nextFrame();
    manager.suppress(true);
    expect(manager.play('ui', 'beep')).toBeNull();
    manager.suppress(false);
    expect(manager.play('ui', 'beep')).not.toBeNull();
  });

  it('leaves Howler (and its AudioContext) alone until the first sound plays', () => {
    const storage = new MemoryStorage();
    storage.setItem(SOUND_SETTINGS_KEY, JSON.stringify({ muted: true }));
    Howler.mute(false);
    const manager = new SoundManager(storage);
    manager.define('ui', BEEP);
    manager.setVolume('master', 0.5);
    expect(manager.audioStarted).toBe(false);
    expect(howlerMuted()).toBe(false);
    expect(manager.play('ui', 'beep')).not.toBeNull();
    expect(manager.audioStarted).toBe(true);
    expect(howlerMuted()).toBe(true);
    expect(Howler.volume()).toBe(0.5);
  });

  it('remembers mute across visits (a new manager on the same storage)', () => {
    const storage = new MemoryStorage();
    Howler.mute(false);
    const first = started(storage);
    expect(first.muted).toBe(false);
    expect(howlerMuted()).toBe(false);

    first.setMuted(true);
    expect(howlerMuted()).toBe(true);
    expect(JSON.parse(storage.getItem(SOUND_SETTINGS_KEY) ?? '{}')).toMatchObject({ muted: true });

    Howler.mute(false); // as a fresh page would start
    const second = started(storage);
    expect(second.muted).toBe(true);
    expect(howlerMuted()).toBe(true);

    expect(second.toggleMute()).toBe(false);
    expect(new SoundManager(storage).muted).toBe(false);
  });

  it('remembers master, music and effects volumes, clamped to 0..1', () => {
    const storage = new MemoryStorage();
    const manager = started(storage);
    manager.setVolume('master', 0.25);
    manager.setVolume('music', 3);
    manager.setVolume('effects', -1);
    manager.setVolume('effects', Number.NaN);
    expect(Howler.volume()).toBe(0.25);
    expect(new SoundManager(storage).current).toEqual({
      muted: false,
      master: 0.25,
      music: 1,
      effects: 0,
    });
  });

  it('ignores corrupt or out-of-range stored settings and works without storage', () => {
    const storage = new MemoryStorage();
    storage.setItem(SOUND_SETTINGS_KEY, '{not json');
    expect(new SoundManager(storage).current.muted).toBe(false);
    storage.setItem(SOUND_SETTINGS_KEY, JSON.stringify({ muted: 'yes', master: 7, music: 0.5 }));
    expect(new SoundManager(storage).current).toMatchObject({
      muted: false,
      master: 1,
      music: 0.5,
    });
    const noStorage = new SoundManager(null);
    noStorage.setMuted(true);
    expect(noStorage.muted).toBe(true);
  });

  it('plays nothing for an unknown sound', () => {
    expect(new SoundManager(null).play('missing', 'click')).toBeNull();
  });
});
