import { describeLanding } from './landing';

describeLanding('value');
