import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/layer-boundaries.js';

// Globals that only exist in a browser page: pure rules must run in Node and the CLI as well.
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'requestAnimationFrame',
  'HTMLElement',
  'HTMLCanvasElement',
  'Image',
  'fetch',
  'crypto',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      '.test-results/**',
      '.tmp/**',
      'tests/fixtures/**',
      'assets/generated/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { boundaries, 'react-hooks': reactHooks },
    rules: {
      'boundaries/layer-boundaries': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['games/*/rules.ts', 'games/fairness/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.map((name) => ({
          name,
          message: 'Game rules are pure: no DOM or browser globals (they run on the server too).',
        })),
      ],
    },
  },
);
