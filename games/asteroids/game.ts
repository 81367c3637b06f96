import { defineGame } from '../shared/definition';
import { rules } from './rules';

export default defineGame({
  rules,
  lobby: { status: 'new', order: 7, tile: ['#5b6cff', '#151a4d'] },
  paths: { bet: 'rounds' },
});
