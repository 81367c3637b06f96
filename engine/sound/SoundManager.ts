import { Howl, Howler } from 'howler';

export type SoundChannel = 'music' | 'effects';

export interface SoundSettings {
  muted: boolean;
  master: number;
  music: number;
  effects: number;
}

/** The part of Web Storage the manager uses (localStorage in the page). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A howler sound sprite: files (first playable wins) and named [offsetMs, durationMs] slices. */
export interface SoundSpriteDefinition {
  src: readonly string[];
  sprite: Readonly<Record<string, readonly [number, number]>>;
  channel: SoundChannel;
}

export const SOUND_SETTINGS_KEY = 'casino.sound';
/**
 * At most this many sounds start within one frame's time (1/60 s), and a clip at most once: a
 * hundred plinko balls landing, or a board revealed at once, would otherwise stack dozens of
 * copies into one loud click. What is over the cap is dropped, not delayed.
 */
export const MAX_SOUNDS_PER_FRAME = 4;
const FRAME_MS = 1000 / 60;
const DEFAULTS: SoundSettings = { muted: false, master: 1, music: 0.6, effects: 0.8 };

/**
 * Howler with sprites, master/music/effects volumes and a remembered mute. Sounds are created on
 * first play; audio unlocks on the first gesture (mobile) and pauses while the page is hidden.
 * Howler is not touched before the first play: its first call creates the AudioContext, which
 * costs a phone hundreds of milliseconds and is refused before a gesture anyway.
 */
export class SoundManager {
  private settings: SoundSettings;
  private readonly definitions = new Map<string, SoundSpriteDefinition>();
  private readonly howls = new Map<string, Howl>();
  private hidden = false;
  /** Whether Howler has been set up (the first play): settings reach it from then on. */
  private started = false;
  /** A user gesture was seen (unlockOnFirstGesture): sounds may play from then on. */
  private gestured = typeof window === 'undefined';
  /** Sounds asked for now are dropped (a scene fast-forwarded to its end). */
  private suppressed = false;
  /** When the current frame's window opened (ms), and the clips started in it. */
  private frameStart = -Infinity;
  private readonly startedInFrame: string[] = [];

  constructor(
    private readonly storage: KeyValueStore | null,
    /** The clock of the per-frame cap (ms). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.settings = readSettings(storage);
  }

  /** Whether a sound has played yet (before that there is no AudioContext). */
  get audioStarted(): boolean {
    return this.started;
  }

  get current(): Readonly<SoundSettings> {
    return { ...this.settings };
  }

  get muted(): boolean {
    return this.settings.muted;
  }

  setMuted(muted: boolean): void {
    this.update({ muted });
  }

  toggleMute(): boolean {
    this.setMuted(!this.settings.muted);
    return this.settings.muted;
  }

  setVolume(which: 'master' | SoundChannel, volume: number): void {
    if (!Number.isFinite(volume)) return;
    this.update({ [which]: Math.min(1, Math.max(0, volume)) });
  }

  /** Registers a sprite sheet of sounds under a name; nothing downloads until the first play. */
  define(name: string, definition: SoundSpriteDefinition): void {
    this.definitions.set(name, definition);
  }

  /**
   * Plays `sprite` of the sound `name`; returns howler's id, or null when unknown, before the
   * page's first user gesture (no sound, and no AudioContext, until the player has acted), while
   * sounds are suppressed, or over the per-frame cap (MAX_SOUNDS_PER_FRAME, a clip once).
   */
  play(name: string, sprite?: string): number | null {
    if (this.suppressed || !this.activated()) return null;
    const now = this.now();
    if (now - this.frameStart >= FRAME_MS) {
      this.frameStart = now;
      this.startedInFrame.length = 0;
    }
    const clip = `${name}\u0000${sprite ?? ''}`;
    if (this.startedInFrame.length >= MAX_SOUNDS_PER_FRAME || this.startedInFrame.includes(clip)) {
      return null;
    }
    const howl = this.howl(name);
    if (!howl) return null;
    this.startedInFrame.push(clip);
    return howl.play(sprite);
  }

  /** Drops every sound asked for until called again with false (see Engine.fastForward). */
  suppress(on: boolean): void {
    this.suppressed = on;
  }

  /**
   * Whether the player has acted on the page since the engine started (unlockOnFirstGesture saw
   * a pointer, touch or key): before that no sound plays and no AudioContext is made. Outside a
   * page (tests, the headless runner) there is nothing to wait for.
   */
  activated(): boolean {
    return this.gestured;
  }

  stop(name: string): void {
    this.howls.get(name)?.stop();
  }

  /** Page hidden: suspend the audio context (no sound in the background); visible again: resume. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    const ctx = Howler.ctx as AudioContext | null | undefined;
    if (!ctx) return;
    if (hidden) void ctx.suspend().catch(() => undefined);
    else void ctx.resume().catch(() => undefined);
  }

  /**
   * Mobile browsers start audio suspended until a user gesture; resume it on the first one.
   * Returns the function that removes the listeners.
   */
  unlockOnFirstGesture(target: EventTarget): () => void {
    const events = ['pointerdown', 'touchend', 'keydown'];
    const unlock = () => {
      this.gestured = true;
      const ctx = Howler.ctx as AudioContext | null | undefined;
      if (ctx && ctx.state !== 'running' && !this.hidden) void ctx.resume().catch(() => undefined);
      remove();
    };
    const remove = () => events.forEach((e) => target.removeEventListener(e, unlock, true));
    events.forEach((e) => target.addEventListener(e, unlock, true));
    return remove;
  }

  unloadAll(): void {
    for (const howl of this.howls.values()) howl.unload();
    this.howls.clear();
  }

  private howl(name: string): Howl | null {
    const existing = this.howls.get(name);
    if (existing) return existing;
    const definition = this.definitions.get(name);
    if (!definition) return null;
    if (!this.started) {
      this.started = true;
      this.apply();
    }
    const sprite: Record<string, [number, number]> = {};
    for (const [key, [offset, duration]] of Object.entries(definition.sprite)) {
      sprite[key] = [offset, duration];
    }
    const howl = new Howl({
      src: [...definition.src],
      sprite,
      volume: this.settings[definition.channel],
      preload: true,
    });
    this.howls.set(name, howl);
    return howl;
  }

  private update(change: Partial<SoundSettings>): void {
    this.settings = { ...this.settings, ...change };
    try {
      this.storage?.setItem(SOUND_SETTINGS_KEY, JSON.stringify(this.settings));
    } catch {
      // storage full or blocked (private mode): the setting still applies for this visit
    }
    this.apply();
  }

  private apply(): void {
    if (!this.started) return;
    Howler.mute(this.settings.muted);
    Howler.volume(this.settings.master);
    for (const [name, howl] of this.howls) {
      const channel = this.definitions.get(name)?.channel ?? 'effects';
      howl.volume(this.settings[channel]);
    }
  }
}

function readSettings(storage: KeyValueStore | null): SoundSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(SOUND_SETTINGS_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const settings = { ...DEFAULTS };
  if (typeof stored !== 'object' || stored === null) return settings;
  const record = stored as Record<string, unknown>;
  if (typeof record.muted === 'boolean') settings.muted = record.muted;
  for (const key of ['master', 'music', 'effects'] as const) {
    const value = record[key];
    if (typeof value === 'number' && value >= 0 && value <= 1) settings[key] = value;
  }
  return settings;
}
