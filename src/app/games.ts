/** The eight games in lobby order: route path and title key. Scenes are added by each game's issue. */
export interface GameEntry {
  id: string;
  path: string;
  titleKey: string;
}

export const GAMES: readonly GameEntry[] = [
  { id: 'gemMiner', path: '/gemMiner', titleKey: 'games.gemMiner' },
  { id: 'minerFrenzy', path: '/minerFrenzy', titleKey: 'games.minerFrenzy' },
  { id: 'roulette', path: '/roulette', titleKey: 'games.roulette' },
  { id: 'minislot', path: '/minislot', titleKey: 'games.minislot' },
  { id: 'plinko', path: '/plinko', titleKey: 'games.plinko' },
  { id: 'dice', path: '/dice', titleKey: 'games.dice' },
  { id: 'asteroids', path: '/asteroids', titleKey: 'games.asteroids' },
  { id: 'mines', path: '/mines', titleKey: 'games.mines' },
];
