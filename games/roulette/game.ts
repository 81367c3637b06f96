import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'open', order: 3, tile: ['#d4145a', '#4a0520'] },
  paths: { bet: 'spins' },
});
