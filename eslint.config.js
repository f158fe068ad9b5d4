// Lint, including the layer rules of docs/ARCHITECTURE.md#layers: shared/ is pure; renderer/ never reaches Node or Electron;
// only electron/main and electron/preload may import electron.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['better-sqlite3', 'openai/*', 'playwright-core'];

const forbid = (names, message) => names.map((name) => ({ name, message }));
const sharedPurity = [
  ...forbid(nodeBuiltins, 'shared/ is pure: no Node built-ins (docs/ARCHITECTURE.md#layers).'),
  ...forbid(
    ['electron', 'better-sqlite3', 'react', 'react-dom', 'openai', 'playwright-core'],
    'shared/ is pure: no Electron, Node-only or UI packages.',
  ),
];
const sharedOnly = {
  group: ['**/electron/**', '**/renderer/**', '../electron/*', '../renderer/*'],
  message: 'shared/ may import only shared/.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tsbuild/', 'test/e2e/artifacts/', 'release/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.mjs', 'bin/**/*.mjs', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: sharedPurity, patterns: [sharedOnly] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    // The API contract is built on the domain, never the other way round (docs/ARCHITECTURE.md#layers).
    files: ['shared/**/*.ts'],
    ignores: ['shared/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: sharedPurity,
          patterns: [
            sharedOnly,
            {
              group: ['**/api/*', '../api/**', '../../api/**'],
              message: 'Domain code does not import the API contract (shared/api builds on the domain).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: forbid(
            [...nodeBuiltins, 'electron', 'better-sqlite3', 'openai'],
            'renderer/ talks to the main side through the API client only.',
          ),
          patterns: [
            {
              group: ['**/electron/**', ...nodeOnlyPackages],
              message: 'renderer/ may import only shared/ and renderer/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/host/**/*.ts', 'electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: forbid(
            ['electron'],
            'Only electron/main and electron/preload import electron; services stay plain Node.',
          ),
          patterns: [{ group: ['**/renderer/**'], message: 'electron/ never imports renderer/.' }],
        },
      ],
    },
  },
);
