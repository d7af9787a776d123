import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'formats',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
