// A game's one definition (games/<id>/game.ts): data and lazy loaders only, so the lobby, the
// route table, the server and the CLI can all read it without loading a scene or a panel.
import type { ComponentType } from 'react';
import type { AssetBundle } from '../../../engine/index';
import type { AnyRules } from '../../fairness/contract';
import type { GameSceneModule } from '../scene/gameScene';
import type { GamePanelProps } from '../wire/services';

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

type Loader<T> = () => Promise<T>;

export interface PlayableGame extends DefinitionBase {
  status: Exclude<LobbyStatus, 'soon'>;
  paths: GamePaths;
  /**
   * The pure rules (games/<id>/rules.ts, shared by server, browser and CLI), loaded on first use:
   * the lobby reads the definitions and must not carry every game's rules to a phone.
   * Everything that needs them all reads games/shared/registry/gameRules.ts.
   */
  rules: Loader<AnyRules>;
  scene: Loader<GameSceneModule>;
  panel: Loader<{ default: ComponentType<GamePanelProps> }>;
  /** Asset bundles (art) added to the engine's manifest before the scene loads. */
  bundles: Loader<readonly AssetBundle[]>;
  /** Sound sprites (the table's and the game's own), loaded with the bundles. */
  sounds: Loader<readonly AssetBundle[]>;
}

export type GameDefinition = UpcomingGame | PlayableGame;

export const isPlayable = (game: GameDefinition): game is PlayableGame => game.status !== 'soon';

/** The last segment of the paths a game chooses; the rest follows from its id and kind. */
type PathChoices<K extends GameKind> = K extends 'stepped'
  ? { paths: { /** A move: POST `/api/games/<id>/games/:id/<step>`. */ step: string } }
  : K extends 'instant'
    ? { paths?: { /** The bet: POST `/api/games/<id>/<bet>` (default 'bets'). */ bet: string } }
    : { paths?: never };

/** What a game.ts writes: its id and kind (its rules say the same), its lobby tile, what differs. */
export type GameSpec<K extends GameKind> = {
  /** The folder's name. */
  id: string;
  kind: K;
  /** Its lobby tile: the badge, the two colours and the place. */
  lobby: Pick<PlayableGame, 'status' | 'tile' | 'order'>;
  /** Default: the default export of games/<id>/scene.ts. */
  scene?: PlayableGame['scene'];
  /** Default: games/<id>/panel.tsx. */
  panel?: PlayableGame['panel'];
  /** The game's own art bundles (default: none). */
  bundles?: PlayableGame['bundles'];
  /** The game's own sound sprites, besides the table's (default: none). */
  sounds?: PlayableGame['sounds'];
} & PathChoices<K>;

/** A definition as defineGame makes it: its paths keep their kind. */
export type DefinedGame<K extends GameKind> = PlayableGame & {
  kind: K;
  paths: Extract<GamePaths, { kind: K }>;
};

function pathsOf(id: string, kind: GameKind, chosen: { bet?: string; step?: string }): GamePaths {
  const base = `/api/games/${id}`;
  switch (kind) {
    case 'instant':
      return { kind, bet: `${base}/${chosen.bet ?? 'bets'}` };
    case 'stepped':
      return {
        kind,
        games: `${base}/games`,
        step: chosen.step ?? 'step',
        active: `${base}/active`,
      };
    case 'live':
      return { kind, rounds: `${base}/rounds`, active: `${base}/active` };
  }
}

const none: Loader<readonly AssetBundle[]> = async () => [];

/** The table games' shared sound sprite (bet, reveal, win, lose, ...), every game's. */
const tableSounds = (): Promise<AssetBundle> =>
  import('../scene/sounds').then((sounds) => sounds.gameSoundsBundle);

/** The win celebration's sounds of game `id` (games/shared/celebration/sounds.ts). */
const winSounds = (id: string): Promise<AssetBundle> =>
  import('../celebration/sounds').then((sounds) => sounds.winSoundsBundle(id));

/** The rules of games/<id>/rules.ts, imported once, when first asked for. */
function rulesLoader(id: string): Loader<AnyRules> {
  let loading: Promise<AnyRules> | undefined;
  return () =>
    (loading ??= import(`../../${id}/rules.ts`).then(
      (module: { rules: AnyRules }) => module.rules,
    ));
}

/**
 * A playable game's definition from its game.ts: the API paths follow from its id and kind, the
 * rules, the scene and the panel are its folder's, and the table's and the win celebration's
 * sounds come with its own.
 */
export function defineGame<K extends GameKind>(spec: GameSpec<K>): DefinedGame<K> {
  const { id, kind } = spec;
  const ownSounds = spec.sounds ?? none;
  const game: PlayableGame = {
    id,
    kind,
    ...spec.lobby,
    paths: pathsOf(id, kind, spec.paths ?? {}),
    rules: rulesLoader(id),
    scene: spec.scene ?? (() => import('./gameModules').then((folder) => folder.sceneOf(id))),
    panel: spec.panel ?? (() => import('./gameModules').then((folder) => folder.panelOf(id))),
    bundles: spec.bundles ?? none,
    sounds: async () => [await tableSounds(), await winSounds(id), ...(await ownSounds())],
  };
  // pathsOf made the paths of the rules' kind.
  return game as DefinedGame<K>;
}
