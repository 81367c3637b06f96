import type { FastifyPluginAsync } from 'fastify';
import { PLAYABLE_GAMES } from '../../../games/shared/registry/catalog';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';
import { instantRoutes } from './instant';
import { steppedRoutes } from './stepped';
import { liveRoutes } from '../live/routes';

/** Every game's routes, made by the factory of its kind from its definition and rules. */
export const gameRoutes: FastifyPluginAsync = async (app) => {
  for (const game of PLAYABLE_GAMES) {
    const rules = GAME_RULES.get(game.id)!;
    if (rules.id !== game.id) throw new Error(`${game.id}: its rules say they are '${rules.id}'`);
    if (game.paths.kind === 'instant' && rules.kind === 'instant') {
      await app.register(instantRoutes(game.paths.bet, rules));
    } else if (game.paths.kind === 'stepped' && rules.kind === 'stepped') {
      await app.register(steppedRoutes(game.paths, rules));
    } else if (game.paths.kind === 'live' && rules.kind === 'live') {
      await app.register(liveRoutes(game.paths, rules));
    } else {
      throw new Error(
        `${game.id}: no route factory for ${game.paths.kind} paths and ${rules.kind} rules`,
      );
    }
  }
};
