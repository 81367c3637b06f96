import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'new', order: 1, tile: ['#7b2ff7', '#2b1055'] },
  paths: { step: 'dig' },
});
