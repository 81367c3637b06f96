// pixi.js reads `navigator` at import time; Node 20 has none (docs/developers/architecture.md,
// "Known traps").
if (typeof globalThis.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: 'node', language: 'en' },
    configurable: true,
  });
}
