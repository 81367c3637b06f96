import { describeLanding } from './landing';

describeLanding('max');
