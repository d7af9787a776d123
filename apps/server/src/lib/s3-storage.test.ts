import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@ludoterm/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUser } from '../test/factories.ts';
import { multipartBody, pngImage } from '../test/multipart.ts';
import { createS3Storage, s3Settings } from './s3-storage.ts';
import { newUploadKey } from './storage.ts';

// A real S3-compatible server (s3rver, on a temporary folder) on a free local port.
const directory = mkdtempSync(join(tmpdir(), 'ludoterm-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'ludoterm', configs: [] }],
});
let s3Url = '';

beforeAll(async () => {
  const { port } = await server.run();
  // s3rver's fixed development credentials.
  s3Url = `http://S3RVER:S3RVER@127.0.0.1:${port}/ludoterm`;
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 upload storage', () => {
  it('puts, gets and deletes objects by key; a missing key reads as null', async () => {
    const storage = createS3Storage(s3Url);
    const key = newUploadKey('avatars', 'webp');
    await storage.put(key, Buffer.from([1, 2, 3, 250]));
    expect([...((await storage.get(key)) ?? [])]).toEqual([1, 2, 3, 250]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get('avatars/../x')).toBeNull();
    await expect(storage.put('../fuera.webp', Buffer.from('x'))).rejects.toThrow(/no válida/);
  });

  it('reads bucket, endpoint and credentials from S3_URL, and wants a bucket', async () => {
    const { bucket, client } = s3Settings(
      'https://clave:se%2Fcreto@s3.ejemplo.es/imagenes?region=eu-south-2',
    );
    expect(bucket).toBe('imagenes');
    expect(client).toMatchObject({
      endpoint: 'https://s3.ejemplo.es',
      region: 'eu-south-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'clave', secretAccessKey: 'se/creto' },
    });
    expect(() => s3Settings('https://s3.ejemplo.es/')).toThrow(/bucket/);
  });
});

describe('the app with S3_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { S3_URL: s3Url });
  });
  afterAll(() => t.close());

  it('keeps avatars in the bucket, not on disk', async () => {
    const ana = await createUser(t);
    const body = multipartBody(
      {},
      { filename: 'a.png', contentType: 'image/png', data: await pngImage() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar',
      headers: { ...ana.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json<User>().avatar_url!;
    const key = `avatars/${url.slice('/api/avatars/'.length)}`;
    expect(await createS3Storage(s3Url).get(key)).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
