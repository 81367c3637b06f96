import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'open', order: 6, tile: ['#1475e1', '#0a2d55'] },
});
