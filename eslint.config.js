// One lint configuration for the whole repo: api, workers, migrations, web (app and server), tests,
// benches and scripts. TypeScript files are linted with type information from the same tsconfigs
// that `npm run typecheck` checks, so the rules that need types (floating and misused promises,
// awaiting non-promises) see what the compiler sees.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The TypeScript projects, in the order a file is looked up (scripts/check-types-and-lint.mjs builds the same). */
export const TYPESCRIPT_PROJECTS = ['tsconfig.json', 'web/tsconfig.json', 'web/tsconfig.spec.json'];

export default defineConfig(
  { ignores: ['**/node_modules/', 'dist/', 'web/build/', 'web/.cache/', 'test-results/', 'playwright-report/', '.data/', '.prof/'] },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Root: api, workers, migrations, scripts, test, bench, web/server. Web: web/app (+ its specs).
        project: TYPESCRIPT_PROJECTS,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // The bugs this configuration is for: a promise nobody awaits or catches, a promise passed
      // where a plain callback is expected (an Express handler, a timer, an event listener), and
      // `await` on something that is not a promise.
      // `void promise` marks one that cannot reject (or whose failure is handled inside).
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        {
          checksConditionals: true,
          checksSpreads: true,
          // Fastify, Nest and Remix take async handlers by type, so they pass as they are. JSX event
          // props (onClick={async () => …}) are React's idiom: React ignores the returned promise,
          // so the handler itself must catch what it expects to fail.
          checksVoidReturn: { attributes: false },
        },
      ],
      '@typescript-eslint/await-thenable': 'error',
      // The code already imports types as types (needed under isolatedModules); keep it that way.
      // Files with decorators are exempt: Nest's DI reads constructor types at run time.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Re-propagating a caught `unknown` (as React's renderToPipeableStream callbacks do) is fine.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      // Remix loaders and actions throw Responses (redirect(), json(), data()) on purpose.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
            { from: 'package', package: '@remix-run/router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // Left off: they flag working code for style, not bugs. `async` without `await` is how a
      // method keeps a Promise-returning interface; `String(formData.get(x) ?? '')` and friends are
      // deliberate; `'a' | 'b' | string` documents the known values; unneeded `!`/`as` casts are
      // harmless (`eslint --fix --rule` can drop them in the one-off reformat).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Tests read JSON bodies (`res.body` is `any`) and poke at internals; the unsafe-any family and
    // explicit `any` would only add casts there.
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.workflow-spec.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies: `async ({}, use) => …`.
    files: ['test/browser/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['web/app/**/*.ts', 'web/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules only: the React Compiler rules in the plugin's newer presets assume a
    // compiler this app does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An Intl object costs 25–70 ms to build in a browser (ICU loads its data); made as a module
      // loads, every page that imports the module pays it while its scripts start (docs/decisions.md,
      // "Nothing costly while a page's scripts start"). Make it on first need, inside a function.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']:not(:function NewExpression)",
          message: 'Build Intl objects on first need, inside a function, not as the module loads.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The service worker runs in the browser's worker scope, not in Node.
    files: ['web/public/sw.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
);
