import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/formats', 'packages/extractor', 'apps/server', 'apps/web'],
  },
});
