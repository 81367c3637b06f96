import fs from 'node:fs';
import type { Plugin } from 'vite';
import { messagesPart, type MessagesPart } from '../../src/i18n/parts';

// `locales/<locale>.json?part=first` and `?part=later`: the two parts of a locale's messages
// (src/i18n/parts.ts), each its own JSON module, so the first screen fetches only its part.
const PART = /[\\/]locales[\\/][^\\/]+\.json\?(?:[^#]*&)?part=(first|later)(?:&|$)/;

export function localeParts(): Plugin {
  return {
    name: 'casino:locale-parts',
    enforce: 'pre',
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part = JSON.stringify(messagesPart(messages, match[1] as MessagesPart));
      // JSON.parse of one string is quicker for the engine than an object literal this size.
      return { code: `export default JSON.parse(${JSON.stringify(part)});`, moduleType: 'js' };
    },
  };
}
