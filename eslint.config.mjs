// ESLint: correctness rules of ESLint and typescript-eslint (syntax only, no type information, so it is
// fast enough for every `npm test`), and the house's import boundaries (scripts/lint/boundaries.mjs).
// Formatting is Prettier's (.prettierrc.json); eslint-config-prettier turns off what would disagree with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '**/node_modules/',
      'dist/',
      'lib/',
      'types/',
      'docs/',
      'data/',
      '.bench/',
      'coverage/',
      'scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { bastion: { rules: { boundaries } } },
    rules: {
      'bastion/boundaries': 'error',
      // The terminal, the CSV code and the field checks match control characters on purpose.
      'no-control-regex': 'off',
      // A leading underscore says "deliberately unused" (a parameter kept for its position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // TypeScript itself reports unknown names in .ts files (typescript-eslint's advice).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Scripts in pages: the demo's and the portal's.
    files: ['demo/*.js', 'demo/portal/*.js'],
    ignores: ['demo/portal/backend.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Node scripts; the bench and test helpers also hold functions they run in a browser page.
    files: ['scripts/**/*.{js,mjs,cjs}', 'demo/**/*.mjs', 'demo/portal/backend.js', '*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests: chai's property assertions (`expect(x).to.be.true`) are expressions, and answers of the API
    // are read loosely.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
