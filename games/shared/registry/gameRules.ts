// Every playable game's rules, loaded once (a top-level await) for the code that needs them all:
// the server's routes, the verifier (CLI and fairness dialog) and the bet history. The lobby never
// imports this module, so a phone's first load carries no game's rules.
import type { AnyRules } from '../../fairness/contract';
import { PLAYABLE_GAMES } from './catalog';

async function rulesOfGame(game: (typeof PLAYABLE_GAMES)[number]): Promise<[string, AnyRules]> {
  const rules = await game.rules();
  if (rules.id !== game.id || rules.kind !== game.kind) {
    throw new Error(`games/${game.id}: its rules say ${rules.kind} game '${rules.id}'`);
  }
  return [game.id, rules];
}

/** Every playable game's rules by id, in lobby order. */
export const GAME_RULES: ReadonlyMap<string, AnyRules> = new Map(
  await Promise.all(PLAYABLE_GAMES.map(rulesOfGame)),
);
