import { proxy } from 'valtio';
import { gameSettingsApi, type GameSettings } from '../api/gameSettings';

/** Where a guest's settings are kept (a player's are on their account). */
export const GAME_SETTINGS_KEY = 'casino.game-settings';

export const GAME_SETTINGS_DEFAULTS: GameSettings = {
  instant: false,
  reduced_motion: null,
  sound_muted: false,
  volume: 80,
  hotkeys: null,
  haptics: false,
};

/**
 * The game settings in force: a signed-in player's from their account (read once per sign-in,
 * written through the API), a guest's from this browser's storage.
 */
export const gameSettingsState = proxy({
  settings: readLocal(),
  /** The player they are of; null: a guest's. */
  userId: null as number | null,
});

let loading: { userId: number; promise: Promise<void> } | null = null;

/**
 * A player's changes sent and not yet answered, oldest first, each with its number in the order
 * sent. An answer says what the server held when it answered: the changes still on their way
 * show over it, and an answer older than one already shown (a change sent earlier, answered
 * later) is not shown at all. So a switch turned while another change is on its way never flips
 * back.
 */
let pending: { change: Partial<GameSettings>; seq: number }[] = [];
/** The number of the last change sent, and of the last one whose answer was shown. */
let sentSeq = 0;
let shownSeq = 0;
/** What the server last said the player's settings are. */
let confirmed: GameSettings | null = null;

/** The server's settings with the changes still on their way over them. */
function showConfirmed(settings: GameSettings): void {
  confirmed = settings;
  gameSettingsState.settings = Object.assign({ ...settings }, ...pending.map((p) => p.change));
}

function readLocal(): GameSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(GAME_SETTINGS_KEY) ?? 'null') as unknown;
    return sanitize(stored);
  } catch {
    return { ...GAME_SETTINGS_DEFAULTS };
  }
}

function writeLocal(settings: GameSettings): void {
  try {
    localStorage.setItem(GAME_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // storage blocked (private mode): the settings still apply for this visit
  }
}

/** Stored settings of the right types, the defaults for the rest. */
function sanitize(stored: unknown): GameSettings {
  const settings = { ...GAME_SETTINGS_DEFAULTS };
  if (typeof stored !== 'object' || stored === null) return settings;
  const record = stored as Record<string, unknown>;
  for (const key of ['instant', 'sound_muted', 'haptics'] as const) {
    if (typeof record[key] === 'boolean') settings[key] = record[key];
  }
  for (const key of ['reduced_motion', 'hotkeys'] as const) {
    if (typeof record[key] === 'boolean' || record[key] === null) settings[key] = record[key];
  }
  const volume = record.volume;
  if (typeof volume === 'number' && Number.isInteger(volume) && volume >= 0 && volume <= 100) {
    settings.volume = volume;
  }
  return settings;
}

/**
 * Brings the settings to the player signed in now (`userId`), reading theirs once per sign-in;
 * a guest (null) gets this browser's. A failed read keeps what is shown.
 */
export function loadGameSettings(userId: number | null): Promise<void> {
  if (userId === null) {
    loading = null;
    pending = [];
    confirmed = null;
    if (gameSettingsState.userId !== null) {
      gameSettingsState.userId = null;
      gameSettingsState.settings = readLocal();
    }
    return Promise.resolve();
  }
  if (loading?.userId === userId) return loading.promise;
  // From now on changes go to this player's account; what shows until the answer is kept.
  if (gameSettingsState.userId !== userId) pending = [];
  gameSettingsState.userId = userId;
  // A read is older than the answer to any change sent after it.
  const sentBefore = sentSeq;
  const promise = gameSettingsApi.get(true).then(
    (settings) => {
      if (loading?.promise === promise && shownSeq <= sentBefore) showConfirmed(settings);
    },
    () => {
      if (loading?.promise === promise) loading = null;
    },
  );
  loading = { userId, promise };
  return promise;
}

/** The settings as the server just answered them for `userId`. */
export function setGameSettings(userId: number, settings: GameSettings): void {
  loading = { userId, promise: Promise.resolve() };
  if (gameSettingsState.userId !== userId) pending = [];
  gameSettingsState.userId = userId;
  showConfirmed(settings);
}

/**
 * Changes settings at once, then keeps them: on the player's account (the server's answer wins;
 * a refusal puts back what was there, after the client's error dialog) or in a guest's browser.
 */
export async function changeGameSettings(change: Partial<GameSettings>): Promise<void> {
  const before = gameSettingsState.settings;
  gameSettingsState.settings = { ...before, ...change };
  const userId = gameSettingsState.userId;
  if (userId === null) {
    writeLocal(gameSettingsState.settings);
    return;
  }
  const sent = { change, seq: ++sentSeq };
  pending.push(sent);
  let saved: GameSettings | null = null;
  try {
    saved = await gameSettingsApi.change(change);
  } catch {
    // Refused: this change is taken back; the others still on their way stay.
  }
  if (gameSettingsState.userId !== userId) return;
  pending = pending.filter((p) => p !== sent);
  if (saved && sent.seq > shownSeq) {
    shownSeq = sent.seq;
    showConfirmed(saved);
  } else showConfirmed(confirmed ?? before);
}

const query = (media: string): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(media).matches
    : false;

/** The system asks for less motion (prefers-reduced-motion). */
export const SYSTEM_REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** A touch screen: hotkeys are off unless the player turns them on. */
export const COARSE_POINTER = '(pointer: coarse)';

/** The settings with the device's defaults filled in. */
export function resolvedGameSettings(settings: GameSettings) {
  return {
    instant: settings.instant,
    reducedMotion: settings.reduced_motion ?? query(SYSTEM_REDUCED_MOTION),
    hotkeys: settings.hotkeys ?? !query(COARSE_POINTER),
    haptics: settings.haptics,
    muted: settings.sound_muted,
    volume: settings.volume,
  };
}
