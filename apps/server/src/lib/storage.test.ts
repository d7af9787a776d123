import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-database.ts';
import { createLocalStorage, isUploadKey, newUploadKey } from './storage.ts';
import { createDatabaseStorage } from './uploads.repository.ts';

const root = mkdtempSync(join(tmpdir(), 'ludoterm-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local upload storage', () => {
  const storage = createLocalStorage(root);

  it('puts, gets and deletes by key', async () => {
    const key = newUploadKey('avatars', 'webp');
    expect(key).toMatch(/^avatars\/[A-Za-z0-9_-]{43}\.webp$/);
    await storage.put(key, Buffer.from('datos'));
    expect((await storage.get(key))?.toString()).toBe('datos');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('never reads or writes outside its folder', async () => {
    expect(isUploadKey('avatars/../../secrets/jwt-secret')).toBe(false);
    expect(isUploadKey('/etc/passwd')).toBe(false);
    expect(await storage.get('avatars/../x')).toBeNull();
    await expect(storage.put('../fuera.webp', Buffer.from('x'))).rejects.toThrow(/no válida/);
  });

  it('makes keys nobody can guess', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newUploadKey('tickets', 'webp')));
    expect(keys.size).toBe(100);
  });
});

describe.each(testEngines)('database upload storage [%s]', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it('puts, replaces, gets and deletes by key, and refuses keys it could not have made', async () => {
    const storage = createDatabaseStorage(database.handle.db);
    const key = newUploadKey('tickets', 'png');
    await storage.put(key, Buffer.from([0, 1, 2, 255]));
    expect([...((await storage.get(key)) ?? [])]).toEqual([0, 1, 2, 255]);
    await storage.put(key, Buffer.from('otra'));
    expect((await storage.get(key))?.toString()).toBe('otra');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get('avatars/../x')).toBeNull();
    await expect(storage.put('../fuera.webp', Buffer.from('x'))).rejects.toThrow(/no válida/);
  });
});
