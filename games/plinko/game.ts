import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'open', order: 5, tile: ['#ff4eb8', '#4d0a36'] },
});
