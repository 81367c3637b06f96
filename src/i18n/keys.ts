// Key types over the English catalogue (src/i18n/resources.d.ts, generated from locales/en.json).
import type { ParseKeys } from 'i18next';
import type Resources from './resources';

/** A key of locales/en.json (checked by the typecheck, see i18next.d.ts). */
export type TranslationKey = ParseKeys;

type KeysWithoutVariables<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? T[K] extends `${string}{{${string}}}${string}`
      ? never
      : `${Prefix}${K}`
    : KeysWithoutVariables<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key whose message takes no {{variables}} (a title, a label): `t(key)` needs no options. */
export type StaticKey = KeysWithoutVariables<Resources['translation']>;
