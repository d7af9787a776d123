import type { User } from '@ludoterm/contract';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  jpegImage,
  multipartBody,
  pngClaimingSize,
  pngImage,
  SVG_IMAGE,
} from '../../test/multipart.ts';

function uploadAvatar(
  t: TestApp,
  who: Pick<TestUser, 'headers'> | null,
  file?: { filename: string; contentType: string; data: Buffer },
) {
  const body = multipartBody({}, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/avatar',
    headers: { ...(who?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

describeEngines('POST /api/auth/avatar', (t) => {
  it('stores a WebP of at most 512 px at an unguessable path readable without a token', async () => {
    const ana = await createUser(t);
    const res = await uploadAvatar(t, ana, {
      filename: 'yo.jpg',
      contentType: 'image/jpeg',
      data: await jpegImage(1200, 900),
    });
    expect(res.statusCode).toBe(200);
    const me = res.json<User>();
    expect(me).toMatchObject({ id: ana.user.id, email: ana.user.email });
    expect(me.avatar_url).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{43}\.webp$/);

    const image = await t.app.inject({ method: 'GET', url: me.avatar_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 384,
    });

    const row = await t.db
      .selectFrom('users')
      .select('avatar_path')
      .where('id', '=', ana.user.id)
      .executeTakeFirstOrThrow();
    expect(row.avatar_path).toBe(me.avatar_url);
  });

  it('keeps small images at their size and deletes the previous avatar', async () => {
    const luis = await createUser(t);
    const first = (
      await uploadAvatar(t, luis, {
        filename: 'a.png',
        contentType: 'image/png',
        data: await pngImage(64, 64),
      })
    ).json<User>();
    expect((await t.app.inject({ method: 'GET', url: first.avatar_url! })).statusCode).toBe(200);
    const secondRes = await uploadAvatar(
      t,
      { headers: luis.headers },
      {
        filename: 'b.png',
        contentType: 'application/octet-stream',
        data: await pngImage(100, 50),
      },
    );
    const second = secondRes.json<User>();
    expect(second.avatar_url).not.toBe(first.avatar_url);
    expect((await t.app.inject({ method: 'GET', url: first.avatar_url! })).statusCode).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: second.avatar_url! });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 100, height: 50 });
  });

  it('refuses SVG (415), text renamed .png (415), a truncated PNG (422), an oversized file (413) and no file (422)', async () => {
    const eva = await createUser(t);
    const svg = await uploadAvatar(t, eva, {
      filename: 'yo.svg',
      contentType: 'image/svg+xml',
      data: SVG_IMAGE,
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().detail).toBe(
      'Las imágenes SVG no se admiten. Sube una imagen PNG, JPEG, WebP, GIF o AVIF.',
    );

    const text = await uploadAvatar(t, eva, {
      filename: 'yo.png',
      contentType: 'image/png',
      data: Buffer.from('hola'),
    });
    expect(text.statusCode).toBe(415);

    const png = await pngImage(400, 400);
    const truncated = await uploadAvatar(t, eva, {
      filename: 'yo.png',
      contentType: 'image/png',
      data: png.subarray(0, png.length - 200),
    });
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json().code).toBe('INVALID_FILE');

    const tooBig = await uploadAvatar(t, eva, {
      filename: 'yo.png',
      contentType: 'image/png',
      data: Buffer.concat([png, Buffer.alloc(t.config.IMAGE_MAX_BYTES)]),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('La imagen supera el tamaño máximo de 5 MB.');

    const none = await uploadAvatar(t, eva);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toBe('Elige una imagen para el avatar.');

    const row = await t.db
      .selectFrom('users')
      .select('avatar_path')
      .where('id', '=', eva.user.id)
      .executeTakeFirstOrThrow();
    expect(row.avatar_path).toBeNull();
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bob = await createUser(t);
    const bomb = pngClaimingSize(10_000, 6_000);
    const res = await uploadAvatar(t, bob, {
      filename: 'bomba.png',
      contentType: 'image/png',
      data: bomb,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/megapíxeles/);
  });

  it('needs a signed-in user', async () => {
    const res = await uploadAvatar(t, null, {
      filename: 'a.png',
      contentType: 'image/png',
      data: await pngImage(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describeEngines('GET /api/avatars/{name}', (t) => {
  it('answers 404 for unknown or malformed names', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/avatars/nada.webp' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/avatars/..%2F..%2Fsecrets%2Fjwt-secret' }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: `/api/avatars/${'A'.repeat(43)}.webp` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
