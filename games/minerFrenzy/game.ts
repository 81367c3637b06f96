import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'live', order: 2, tile: ['#f7931e', '#5a2a00'] },
});
