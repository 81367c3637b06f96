import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { gameSettingsApi, type GameSettings } from '../../api/gameSettings';
import type { ScreenProps } from '../../app/routes';
import { authState } from '../../state/auth';
import { changeGameSettings, gameSettingsState, setGameSettings } from '../../state/gameSettings';
import { SettingsFrame } from './SettingsTabs';
import './hideName.css';
import './gameSettings.css';

/** The screen shows the player's settings as the server has them. */
export const prefetch = (): Promise<GameSettings> => gameSettingsApi.get();

/** A labelled switch with its hint. */
function Switch(props: {
  name: keyof GameSettings;
  checked: boolean;
  label: string;
  hint: string;
  onChange(on: boolean): void;
}) {
  const hintId = useId();
  return (
    <div className="game-settings__row">
      <label className="switch-row">
        <input
          type="checkbox"
          role="switch"
          name={props.name}
          className="switch-row__input"
          checked={props.checked}
          aria-describedby={hintId}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span className="switch-row__track" aria-hidden="true" />
        <span className="switch-row__label">{props.label}</span>
      </label>
      <p id={hintId} className="muted switch-row__hint">
        {props.hint}
      </p>
    </div>
  );
}

/** A setting the device may decide: its default, on or off. */
function Choice(props: {
  name: 'reduced_motion' | 'hotkeys';
  value: boolean | null;
  label: string;
  deviceLabel: string;
  hint: ReactNode;
  onChange(value: boolean | null): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field game-settings__row">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value === null ? 'device' : props.value ? 'on' : 'off'}
        onChange={(e) =>
          props.onChange(e.target.value === 'device' ? null : e.target.value === 'on')
        }
      >
        <option value="device">{props.deviceLabel}</option>
        <option value="on">{t('game_settings.on')}</option>
        <option value="off">{t('game_settings.off')}</option>
      </select>
      <p className="muted game-settings__hint">{props.hint}</p>
    </div>
  );
}

/** The master volume: shown as it moves, kept once it rests. */
function Volume({ volume, muted }: { volume: number; muted: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(volume);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setShown(volume), [volume]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const move = (next: number) => {
    setShown(next);
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => void changeGameSettings({ volume: next }), 300);
  };
  return (
    <div className="field game-settings__row">
      <label htmlFor={id}>
        {t('game_settings.volume')}: <strong>{shown}%</strong>
      </label>
      <input
        id={id}
        name="volume"
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        disabled={muted}
        aria-valuetext={`${shown}%`}
        onChange={(e) => move(Number(e.target.value))}
      />
    </div>
  );
}

/** Instant mode, motion, sound, hotkeys and haptics: kept on the player's account. */
export default function GameSettingsPage({ data }: ScreenProps) {
  const { t } = useTranslation();
  const { user } = useSnapshot(authState);
  const fetched = data as GameSettings;
  useEffect(() => {
    if (user) setGameSettings(user.id, fetched);
  }, [user, fetched]);
  const { settings, userId } = useSnapshot(gameSettingsState);
  // The account's settings as fetched until the app's state holds this account's (the effect
  // above): the switches never show another state first.
  const s = user && userId === user.id ? settings : fetched;
  const change = (change: Partial<GameSettings>) => void changeGameSettings(change);
  return (
    <SettingsFrame>
      <h2>{t('settings.game')}</h2>
      <p className="muted">{t('game_settings.intro')}</p>
      <div className="game-settings" data-testid="game-settings">
        <Switch
          name="instant"
          checked={s.instant}
          label={t('game_settings.instant')}
          hint={t('game_settings.instant_hint')}
          onChange={(on) => change({ instant: on })}
        />
        <Choice
          name="reduced_motion"
          value={s.reduced_motion}
          label={t('game_settings.reduced_motion')}
          deviceLabel={t('game_settings.as_system')}
          hint={t('game_settings.reduced_motion_hint')}
          onChange={(value) => change({ reduced_motion: value })}
        />
        <h3>{t('game_settings.sound')}</h3>
        <Switch
          name="sound_muted"
          checked={s.sound_muted}
          label={t('game_settings.mute')}
          hint={t('game_settings.mute_hint')}
          onChange={(on) => change({ sound_muted: on })}
        />
        <Volume volume={s.volume} muted={s.sound_muted} />
        <h3>{t('game_settings.controls')}</h3>
        <Choice
          name="hotkeys"
          value={s.hotkeys}
          label={t('game_settings.hotkeys')}
          deviceLabel={t('game_settings.as_device')}
          hint={t('game_settings.hotkeys_hint')}
          onChange={(value) => change({ hotkeys: value })}
        />
        <Switch
          name="haptics"
          checked={s.haptics}
          label={t('game_settings.haptics')}
          hint={t('game_settings.haptics_hint')}
          onChange={(on) => change({ haptics: on })}
        />
      </div>
    </SettingsFrame>
  );
}
