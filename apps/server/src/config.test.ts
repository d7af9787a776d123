import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: JWT_SECRET', () => {
  let dataDir: string;
  const secretFile = () => join(dataDir, 'secrets', 'jwt-secret');

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-config-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('generates a secret into DATA_DIR/secrets when absent, readable by its owner only', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile(), 'utf8').trim()).toBe(config.JWT_SECRET);
    expect(statSync(secretFile()).mode & 0o777).toBe(0o600);
  });

  it('reuses the generated secret on the next load (an empty JWT_SECRET counts as absent)', () => {
    const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const second = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: '' });
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
  });

  it('uses JWT_SECRET when set and generates nothing', () => {
    const secret = 'un-secreto-de-al-menos-32-caracteres-0123';
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: secret }).JWT_SECRET).toBe(
      secret,
    );
    expect(existsSync(secretFile())).toBe(false);
  });
});

describe('loadConfig: invalid values', () => {
  it('names the variable and says what is wrong, in Spanish', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ludoterm-config-'));
    try {
      const load = () =>
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WAL_CHECKPOINT_SECONDS: '-1' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        /Configuración no válida:\n {2}WAL_CHECKPOINT_SECONDS: Demasiado pequeño: se esperaba que número fuera >=0/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
