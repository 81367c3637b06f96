import { describeLanding } from './landing';

describeLanding('min');
