import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/web/.prerender-*/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/server/drizzle/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'process.env는 config.ts에서만 읽습니다.' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // We do not run the React Compiler: its library-compatibility notice (react-hook-form's watch) is noise here.
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/incompatible-library': 'off' },
  },
  ...boundaries,
  {
    // Where reading the environment is the point: configuration, tooling, tests and benchmarks.
    files: [
      'apps/server/src/config.ts',
      '**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/test-support/**',
      'apps/server/src/modules/*/testing/**',
      '**/*-test-kit.ts',
      'apps/server/src/cli/**',
      'apps/web/e2e/**',
      'scripts/**',
      'bench/**',
      '*.config.ts',
      'apps/*/*.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
