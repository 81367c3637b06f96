import type { FastifyPluginAsync } from 'fastify';
import { diceRoutes } from './dice';
import { minesRoutes } from './mines';
import { plinkoRoutes } from './plinko';
import { rouletteRoutes } from './roulette';

/** Every game's bet routes. */
export const gameRoutes: FastifyPluginAsync = async (app) => {
  await app.register(diceRoutes);
  await app.register(minesRoutes);
  await app.register(rouletteRoutes);
  await app.register(plinkoRoutes);
};
