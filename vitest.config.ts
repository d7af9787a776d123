import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    // One pool for every project (Vitest refuses projects with different limits in one run).
    // Two files at a time: server files wait on their databases, and 2 cores stay responsive.
    maxWorkers: 2,
    projects: ['packages/contract', 'packages/formats', 'packages/extractor', 'apps/server', 'apps/web'],
  },
});
