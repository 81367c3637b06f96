import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { getEngine } from '../../../engine';
import {
  COARSE_POINTER,
  gameSettingsState,
  resolvedGameSettings,
  SYSTEM_REDUCED_MOTION,
} from '../../state/gameSettings';

/** Puts the player's game settings into the engine: mute, master volume, motion, keys. */
export function applyGameSettings(): void {
  const engine = getEngine();
  const feel = resolvedGameSettings(gameSettingsState.settings);
  if (engine.sound.muted !== feel.muted) engine.sound.setMuted(feel.muted);
  if (engine.sound.current.master !== feel.volume / 100) {
    engine.sound.setVolume('master', feel.volume / 100);
  }
  engine.motion.reduced = feel.reducedMotion;
  engine.keysEnabled = feel.hotkeys;
}

/**
 * Keeps the engine on the game settings while a game's scene is up: at once, after every change
 * of the settings, and when the system's reduced-motion wish or the pointer changes.
 */
export function useEngineSettings(): void {
  useEffect(() => {
    applyGameSettings();
    const off = subscribe(gameSettingsState, applyGameSettings);
    const queries = [SYSTEM_REDUCED_MOTION, COARSE_POINTER].map((q) => window.matchMedia(q));
    queries.forEach((q) => q.addEventListener('change', applyGameSettings));
    return () => {
      off();
      queries.forEach((q) => q.removeEventListener('change', applyGameSettings));
    };
  }, []);
}
