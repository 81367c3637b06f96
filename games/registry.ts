// The registry: one line per game (`npm run new-game` adds it). Order in the lobby: `order`.
export { default as asteroids } from './asteroids/game';
export { default as dice } from './dice/game';
export { default as gemMiner } from './gemMiner/game';
export { default as minerFrenzy } from './minerFrenzy/game';
export { default as mines } from './mines/game';
export { default as minislot } from './minislot/game';
export { default as plinko } from './plinko/game';
export { default as roulette } from './roulette/game';
