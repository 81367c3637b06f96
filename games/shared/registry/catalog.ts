// The games of the registry in lobby order, and lookups by id and route. Everything that lists
// games (lobby, routes, server routes, verifier, tests) reads them from here.
import * as registry from '../../registry';
import { isPlayable, type GameDefinition, type PlayableGame } from './definition';

export const GAMES: readonly GameDefinition[] = Object.values(registry).sort(
  (a, b) => a.order - b.order,
);

export const PLAYABLE_GAMES: readonly PlayableGame[] = GAMES.filter(isPlayable);

export function gameById(id: string): GameDefinition | null {
  return GAMES.find((game) => game.id === id) ?? null;
}

export function playableGame(id: string): PlayableGame | null {
  const game = gameById(id);
  return game && isPlayable(game) ? game : null;
}

/** The route of a game's page. */
export const gamePath = (game: Pick<GameDefinition, 'id'>): string => `/${game.id}`;

/** The locale key of a game's name (its namespace is `games.<id>`). */
export const gameTitleKey = (game: Pick<GameDefinition, 'id'>): string => `games.${game.id}.title`;

/** The locale key of a verifier input's label: `games.<id>.field_<name>`. */
export const fieldLabelKey = (game: Pick<GameDefinition, 'id'>, name: string): string =>
  `games.${game.id}.field_${name}`;

/** The locale key of one choice of a verifier input: `games.<id>.field_<name>_<choice>`. */
export const choiceLabelKey = (
  game: Pick<GameDefinition, 'id'>,
  name: string,
  choice: string,
): string => `games.${game.id}.field_${name}_${choice}`;
