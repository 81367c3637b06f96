import type { ComponentType } from 'react';
import type { GamePanelProps } from './services';

/** A game as the shell mounts it: its scene (registered with the engine) and its panel. */
export interface GameManifest {
  id: string;
  route: string;
  titleKey: string;
  /** Registers the game's scene with the engine (lazily: the code loads on first show). */
  registerScene(): void;
  /** The React control panel, loaded on demand. */
  loadPanel(): Promise<{ default: ComponentType<GamePanelProps> }>;
}
