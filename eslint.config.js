// ESLint flat config. The boundary rules of STYLE.md are written as import restrictions per
// folder, so a wrong dependency fails `npm run lint` instead of relying on review.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** Server modules other modules may reach, each only through its public `index.ts`. */
const PUBLIC_MODULES = ['card', 'entries', 'glossaries', 'search', 'users'];
const MODULES = './apps/server/src/modules';
const PRIVATE_MODULES = readdirSync(MODULES).filter((name) => !PUBLIC_MODULES.includes(name));

/** Query building: Kysely's raw `sql` tag and builders' entry points. */
const QUERY_BUILDING = [
  {
    selector:
      "ImportDeclaration[source.value='kysely'][importKind='value'] ImportSpecifier[importKind='value'][imported.name=/^(sql|CompiledQuery)$/]",
    message: 'Solo los repositorios (*.repository.ts), db/ y las migraciones construyen consultas.',
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message: 'Solo los repositorios (*.repository.ts), db/ y las migraciones construyen consultas.',
  },
];

const noApps = {
  group: ['@ludoterm/server', '@ludoterm/web', '**/apps/**'],
  message: 'Los paquetes y las apps no importan otras apps.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  // No import cycles anywhere, and one import per module.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  // Server modules reach each other only through a public index.ts; the card module, the
  // lowest, reaches none of them.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...PUBLIC_MODULES.map((name) => ({
              target: `${MODULES}/!(${name})/**/*`,
              from: `${MODULES}/${name}`,
              except: ['./index.ts'],
              message: `Otro módulo solo importa «${name}» por su index.ts.`,
            })),
            ...PRIVATE_MODULES.map((name) => ({
              target: `${MODULES}/!(${name})/**/*`,
              from: `${MODULES}/${name}`,
              message: `El módulo «${name}» no es público: ningún otro módulo lo importa.`,
            })),
            {
              target: `${MODULES}/card/**/*`,
              from: MODULES,
              except: ['./card'],
              message: 'El módulo card es el más bajo: no importa ningún otro módulo.',
            },
          ],
        },
      ],
    },
  },
  // Query building only in repositories, the database layer and migrations.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      '**/*.test.ts',
      '**/*-test-helpers.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_BUILDING] },
  },
  // Migrations are frozen once merged: no rule may ask to rewrite them.
  {
    files: ['apps/server/src/db/migrations/**'],
    rules: { 'import-x/no-duplicates': 'off' },
  },
  // Migrations are named by date so that they sort: 2026-11-22-001-create-users.ts.
  {
    files: ['apps/server/src/db/migrations/**'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/2*.ts': '+([0-9])-+([0-9])-+([0-9])-+([0-9])-+([a-z0-9-])', '**/!(2*).ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  // Scripts and benchmarks print to the terminal by design.
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // Benchmarks reach the server only over HTTP or through its small bench harness, so its
  // insides can change without breaking them.
  {
    files: ['bench/**'],
    rules: restrict([
      {
        regex: '^@ludoterm/(web|server)(?!/bench-harness$)(/.*)?$',
        message:
          'Los benchmarks usan el servidor por HTTP o por @ludoterm/server/bench-harness, nada más.',
      },
      {
        group: ['**/apps/**'],
        message:
          'Los benchmarks usan el servidor por HTTP o por @ludoterm/server/bench-harness, nada más.',
      },
    ]),
  },
  // contract: only zod.
  {
    files: ['packages/contract/src/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      noApps,
      {
        group: ['@ludoterm/*', 'node:*', 'fastify*', 'kysely*', 'react*', 'axios'],
        message: 'El contrato solo depende de zod.',
      },
    ]),
  },
  // formats and extractor: pure, no app, no HTTP, no SQL.
  {
    files: ['packages/formats/**', 'packages/extractor/**'],
    rules: restrict([
      noApps,
      {
        group: ['fastify*', '@fastify/*', 'kysely*', 'react*', 'better-sqlite3', 'pg'],
        message: 'Los paquetes puros no conocen HTTP ni SQL.',
      },
    ]),
  },
  // Server layering: routes → service → repository → db.
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: restrict([
      { group: ['@ludoterm/web', '**/apps/web/**'], message: 'Las apps no se importan entre sí.' },
      {
        group: ['**/*.repository', '**/*.repository.ts', 'kysely'],
        allowTypeImports: true,
        message: 'Las rutas llaman a servicios, nunca a repositorios ni a Kysely.',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.policy.ts'],
    rules: restrict([
      { group: ['@ludoterm/web', '**/apps/web/**'], message: 'Las apps no se importan entre sí.' },
      {
        group: ['fastify', '@fastify/*', '**/*.routes', '**/*.routes.ts'],
        allowTypeImports: true,
        message: 'Los servicios no conocen Fastify ni las rutas.',
      },
    ]),
  },
  {
    files: ['apps/server/src/**/*.repository.ts'],
    rules: restrict([
      {
        group: [
          'fastify',
          '@fastify/*',
          '**/*.routes',
          '**/*.routes.ts',
          '**/*.service',
          '**/*.service.ts',
          '**/*.policy',
          '**/*.policy.ts',
        ],
        message: 'Los repositorios solo construyen consultas: sin HTTP, sin reglas.',
      },
    ]),
  },
  {
    files: ['apps/server/**'],
    ignores: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.service.ts', 'apps/server/src/**/*.policy.ts', 'apps/server/src/**/*.repository.ts'],
    rules: restrict([
      { group: ['@ludoterm/web', '**/apps/web/**'], message: 'Las apps no se importan entre sí.' },
    ]),
  },
  // Web: components | lib | config → features → app. Features never import each other.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/features/**', 'apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    rules: restrict([
      { group: ['@ludoterm/server', '**/apps/server/**', 'node:*'], message: 'La web solo habla con el API.' },
    ]),
  },
  {
    files: ['apps/web/src/features/**'],
    rules: restrict([
      { group: ['@ludoterm/server', '**/apps/server/**', 'node:*'], message: 'La web solo habla con el API.' },
      {
        // '../../*' leaves the feature's folder from features/<feature>/<folder>/<file>.
        group: ['@/features/*', '**/features/*', '@/app/*', '**/app/*', '../../*'],
        message:
          'Una feature no importa otra feature ni las páginas: compón en app/routes (y usa @/ para lib, components y config).',
      },
    ]),
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    rules: restrict([
      { group: ['@ludoterm/server', '**/apps/server/**', 'node:*'], message: 'La web solo habla con el API.' },
      {
        group: ['@/features/*', '**/features/*', '@/app/*', '**/app/*'],
        message: 'components, lib y config no dependen de features ni de páginas.',
      },
    ]),
  },
);
