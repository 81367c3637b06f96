// i18next's types read the English catalogue (generated from locales/en.json), so `npm run
// typecheck` fails on a t() key that en.json lacks or an interpolation name its message lacks.
import 'i18next';
import type Resources from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
    returnNull: false;
    strictKeyChecks: true;
    strictInterpolationChecks: true;
  }
}
