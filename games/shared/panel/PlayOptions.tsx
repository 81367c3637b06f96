import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { focusOwnsKey, getEngine, type KeyAction } from '../../../engine/index';
import type { FeelPort, GameServices, PlayFeel } from '../wire/services';

/** One of the player's game settings, re-rendered when it changes. */
export function useFeel<K extends keyof PlayFeel>(feel: FeelPort, key: K): PlayFeel[K] {
  return useSyncExternalStore(
    feel.subscribe,
    () => feel.get()[key],
    () => feel.get()[key],
  );
}

/** A key code as the player reads it ('KeyC' -> 'C', 'ArrowLeft' -> '←'). */
function keyName(code: string): string | null {
  if (code.startsWith('Numpad')) return null; // the top row's keys say it
  const arrows: Record<string, string> = {
    ArrowLeft: '←',
    ArrowRight: '→',
    ArrowUp: '↑',
    ArrowDown: '↓',
  };
  if (arrows[code]) return arrows[code];
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit\d$/.test(code)) return code.slice(5);
  return code;
}

/** What each action a scene declares does, in the player's words. */
const ACTION_KEYS = {
  bet: 'game_settings.key_bet',
  pick: 'game_settings.key_pick',
  cashout: 'game_settings.key_cashout',
  left: 'game_settings.key_left',
  right: 'game_settings.key_right',
  up: 'game_settings.key_up',
  down: 'game_settings.key_down',
  thrust: 'game_settings.key_thrust',
  fire: 'game_settings.key_fire',
  place: 'game_settings.key_place',
  remove: 'game_settings.key_remove',
} as const;

/** The rows of the key sheet: the shown scene's actions, a board's tile keys as one row. */
export function keyRows(actions: readonly KeyAction[]): { keys: string[]; action: string }[] {
  const rows: { keys: string[]; action: string }[] = [];
  const tiles = actions.filter((a) => /^tile\d+$/.test(a.name));
  for (const action of actions) {
    if (tiles.includes(action)) continue;
    const keys = [...new Set(action.keys.map(keyName).filter((k): k is string => k !== null))];
    rows.push({ keys, action: action.name });
  }
  if (tiles.length > 0) rows.push({ keys: [`1–${tiles.length}`], action: 'tiles' });
  return rows;
}

/** The key sheet: the game's keys, opened with its button or "?". */
function KeysHelp({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [rows] = useState(() => keyRows(getEngine().scenes.actions));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const label = (action: string) =>
    action === 'tiles'
      ? t('game_settings.key_tiles')
      : action in ACTION_KEYS
        ? t(ACTION_KEYS[action as keyof typeof ACTION_KEYS])
        : action;
  return (
    <dialog
      ref={ref}
      className="keys-help"
      aria-labelledby="keys-help-title"
      data-testid="keys-help"
      onClose={onClose}
      onClick={(e) => e.target === ref.current && ref.current?.close()}
    >
      <h2 id="keys-help-title">{t('game_settings.keys_title')}</h2>
      <table className="keys-help__table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.action}>
              <td>
                {row.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </td>
              <td>{label(row.action)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>?</kbd>
            </td>
            <td>{t('game_settings.key_help')}</td>
          </tr>
        </tbody>
      </table>
      {rows.length === 0 ? <p className="muted">{t('game_settings.keys_none')}</p> : null}
      <p className="muted">{t('game_settings.keys_focus')}</p>
      <button type="button" className="btn btn--secondary" onClick={() => ref.current?.close()}>
        {t('game_settings.keys_close')}
      </button>
    </dialog>
  );
}

/**
 * Under every panel's stake: the instant switch (the same setting as the settings page's) and,
 * where hotkeys are on, the button of the key sheet ("?" opens it too).
 */
export function PlayOptions({ services }: { services: Pick<GameServices, 'feel'> }) {
  const { t } = useTranslation();
  const { feel } = services;
  const instant = useFeel(feel, 'instant');
  const hotkeys = useFeel(feel, 'hotkeys');
  const [helpOpen, setHelpOpen] = useState(false);
  useEffect(() => {
    if (!hotkeys) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (focusOwnsKey(event.target, event.code)) return;
      event.preventDefault();
      setHelpOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkeys]);
  return (
    <div className="play-options" data-hotkeys={hotkeys ? 'on' : 'off'}>
      <label className="game-switch">
        <input
          type="checkbox"
          role="switch"
          name="instant"
          className="game-switch__input"
          checked={instant}
          data-testid="instant-switch"
          onChange={(e) => feel.setInstant(e.target.checked)}
        />
        <span className="game-switch__track" aria-hidden="true" />
        <span>{t('game_settings.instant')}</span>
      </label>
      {hotkeys ? (
        <button
          type="button"
          className="btn btn--secondary play-options__keys"
          data-testid="keys-help-open"
          aria-haspopup="dialog"
          onClick={() => setHelpOpen(true)}
        >
          {t('game_settings.keys_open')}
        </button>
      ) : null}
      {helpOpen ? <KeysHelp onClose={() => setHelpOpen(false)} /> : null}
    </div>
  );
}
