import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'open', order: 8, tile: ['#1fbf3a', '#0b4015'] },
  paths: { step: 'reveal' },
});
