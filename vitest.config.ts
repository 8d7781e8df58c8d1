import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const api = (kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `api-${kind}`,
    // Race tests need several connections at once: PostgreSQL only (PGlite has one).
    include: [
      'apps/server/src/**/*.api.test.ts',
      ...(kind === 'postgres' ? ['apps/server/src/**/*.race.test.ts'] : []),
    ],
    globalSetup: [`apps/server/test/global-setup-${kind}.ts`],
    setupFiles: ['apps/server/test/setup-client-use.ts'],
    env: { TEST_DB: kind },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A small file's time was mostly importing the server (2 s): the files of a worker share one
    // import. Each file's app and database are closed after it (setupApi, closeOpened), so
    // nothing it opened is left to the next.
    isolate: false,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'unit-web',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
    },
  },
  api('pglite'),
];
// The API suite runs on PostgreSQL too when a server is configured.
if (process.env.DATABASE_URL) projects.push(api('postgres'));
// Real API processes (the built server) on PostgreSQL behind a real nginx: they skip, saying why,
// without PostgreSQL, nginx or a build.
projects.push({
  test: {
    name: 'processes',
    include: ['apps/server/test/processes/**/*.process.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({ test: { projects } });
