// axios bundles two browser transports, XMLHttpRequest and fetch, and picks XMLHttpRequest first
// wherever it exists (its default order is xhr, http, fetch): every browser the app supports.
// The fetch transport is about 16 KB of minified code the lobby would download for nothing, so
// the client build replaces it with "not available" (axios then reports it unsupported).
import type { Plugin } from 'vite';

const STUB_ID = '\0axios-fetch-adapter-unavailable';

export function axiosXhrOnly(): Plugin {
  return {
    name: 'casino:axios-xhr-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './fetch.js' &&
        importer &&
        /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer)
      ) {
        return STUB_ID;
      }
      return null;
    },
    load(id) {
      return id === STUB_ID
        ? 'export const getFetch = () => false;\nexport default false;\n'
        : null;
    },
  };
}
