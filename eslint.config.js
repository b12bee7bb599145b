import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = './apps/web/src';
const features = fs
  .readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory());

export default tseslint.config(
  {
    ignores: [
      'vitest.config.ts',
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify hooks and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app's layers (bulletproof-react): app composes features; a feature stands alone; shared
    // components and lib know neither. A page that needs two features' data is composed in app/routes.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...features.map((f) => ({
              target: `${web}/features/${f.name}`,
              from: `${web}/features`,
              except: [`./${f.name}`],
              message: 'A feature does not import another; compose them in app/routes.',
            })),
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features do not import the app shell; shared parts live in lib/ and components/.',
            },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared components and lib import neither features nor the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
