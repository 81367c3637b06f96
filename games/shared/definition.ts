// A game's one definition (games/<id>/game.ts): data and lazy loaders only, so the lobby, the
// route table, the server and the CLI can all read it without loading a scene or a panel.
import type { ComponentType } from 'react';
import type { AssetBundle, GameScene } from '../../engine/index';
import type { AnyRules } from '../fairness/contract';
import type { GamePanelProps } from './services';

export type GameKind = 'instant' | 'stepped' | 'live';

/** The lobby's badge: 'soon' has no table yet; 'new' and 'live' are open with a badge. */
export type LobbyStatus = 'open' | 'new' | 'live' | 'soon';

interface DefinitionBase {
  /** The folder name, the route (`/<id>`), the bets' `game` and the locale namespace `games.<id>`. */
  id: string;
  kind: GameKind;
  /** The lobby tile's two colours (top-left to bottom-right). */
  tile: readonly [string, string];
  /** Position in the lobby, ascending. */
  order: number;
}

/** A lobby tile whose table "opens soon". */
export interface UpcomingGame extends DefinitionBase {
  status: 'soon';
}

/** The server paths a game's client calls. Every path the client called before stays. */
export type GamePaths =
  | { kind: 'instant'; /** POST: one bet, settled at once. */ bet: string }
  | {
      kind: 'stepped';
      /** POST `<games>` starts; `<games>/:id/<step>` plays a move; `<games>/:id/cashout`. */
      games: string;
      step: string;
      /** GET: the game in progress. */
      active: string;
    }
  | { kind: 'live'; rounds: string; active: string };

export interface PlayableGame extends DefinitionBase {
  status: Exclude<LobbyStatus, 'soon'>;
  paths: GamePaths;
  /** The pure rules (games/<id>/rules.ts): small, shared by server, browser and CLI. */
  rules: AnyRules;
  scene(): Promise<GameScene>;
  panel(): Promise<{ default: ComponentType<GamePanelProps> }>;
  /** Asset bundles (art, sounds) added to the engine's manifest before the scene loads. */
  bundles(): Promise<readonly AssetBundle[]>;
}

export type GameDefinition = UpcomingGame | PlayableGame;

export const isPlayable = (game: GameDefinition): game is PlayableGame => game.status !== 'soon';

/** The table games' shared sound sprite, for a definition's `bundles`. */
export const tableSounds = (): Promise<readonly AssetBundle[]> =>
  import('./sounds').then((sounds) => [sounds.gameSoundsBundle]);
