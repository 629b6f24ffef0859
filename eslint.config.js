import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns, message) => [
  'error',
  { patterns: patterns.map((group) => ({ group: [group], message })) },
];

/**
 * The server's folders in layers, lowest first: a folder imports only from lower layers, so no
 * two folders ever import each other. (`speech` is the files directly in src/server/speech; the
 * composition root and config.ts sit above them all, outside any folder.)
 */
const SERVER_LAYERS = [
  ['db', 'errors', 'mail', 'metrics', 'outbound', 'speech/audio'],
  ['speech/engines', 'storage', 'team-access'],
  ['backups', 'jobs', 'speech', 'speech/speakers'],
  ['http'],
  ['accounts', 'contact', 'quota', 'site'],
  ['audit', 'billing', 'known-voices', 'search', 'uploads'],
  ['teams'],
  ['account-deletion', 'live', 'webhooks'],
  ['transcriptions'],
  ['comments', 'data-exports', 'developer-api', 'free-trial', 'retention'],
  ['admin'],
];
const folderGlob = (folder) =>
  folder === 'speech' ? 'src/server/speech/*.ts' : `src/server/${folder}/**`;
const layerZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.map((folder) => ({
    target: folderGlob(folder),
    from: [
      ...layer.filter((other) => other !== folder),
      ...SERVER_LAYERS.slice(index + 1).flat(),
    ].map(folderGlob),
    message: `src/server/${folder} may import only from the layers below it (SERVER_LAYERS in eslint.config.js).`,
  })),
).filter((zone) => zone.from.length > 0);

/**
 * The web app's folders in layers, lowest first, on the same rule as the server's: a folder
 * imports only from lower layers. A feature is `features/<name>`; `main.tsx` and
 * `prerender-entry.tsx` sit above them all, outside any folder.
 */
const WEB_LAYERS = [
  ['lib'],
  ['components'],
  ['features/audit', 'features/auth', 'features/toasts'],
  [
    'features/clipboard',
    'features/not-found',
    'features/recorder',
    'features/sign-in',
    'features/transcription-data',
  ],
  [
    'features/account',
    'features/admin',
    'features/comments',
    'features/free-trial',
    'features/sharing',
    'features/upgrade',
  ],
  ['features/teams'],
  ['features/transcriptions'],
  ['features/library', 'features/upload'],
  ['features/dashboard'],
  ['marketing'],
  ['app'],
];
const webFolderGlob = (folder) => `src/web/${folder}/**`;
const webLayerZones = WEB_LAYERS.flatMap((layer, index) =>
  layer.map((folder) => ({
    target: webFolderGlob(folder),
    from: [...layer.filter((other) => other !== folder), ...WEB_LAYERS.slice(index + 1).flat()].map(
      webFolderGlob,
    ),
    message: `src/web/${folder} may import only from the layers below it (WEB_LAYERS in eslint.config.js).`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'data', '.cache', 'src/server/db/migrations', 'test-results'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': restrict(
        ['**/server/**', 'node:*'],
        'The web app never imports server code.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(['**/web/**'], 'The server never imports web code.'),
    },
  },
  {
    // Tests may reach across layers to set up what they check.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // As on the server, tests may reach across layers to set up what they check.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['**/web/**', '**/server/**', 'node:*'],
        'Core is pure: it imports neither web nor server nor Node.',
      ),
    },
  },
);
