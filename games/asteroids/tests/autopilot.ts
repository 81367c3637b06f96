// The scripted pilot lives beside the game: `npm run headless -- asteroids` flies it too.
export { autopilot } from '../headless';
