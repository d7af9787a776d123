import type { Ticket } from '@ludoterm/contract';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { multipartBody, pngImage, SVG_IMAGE } from '../../test/multipart.ts';
import { lastMailTo } from '../../test/outbox.ts';

async function fileTicket(
  t: TestApp,
  author: TestUser,
  fields: Record<string, string> = { tipo: 'bug', descripcion: 'El botón Exportar no responde.' },
  file?: { filename: string; contentType: string; data: Buffer },
) {
  const body = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/tickets/',
    headers: { ...author.headers, ...body.headers },
    payload: body.payload,
  });
}

describeEngines('POST /api/tickets/', (t) => {
  it('files a ticket as pendiente with the account e-mail as contact by default', async () => {
    const author = await createUser(t);
    const res = await fileTicket(t, author, {
      tipo: 'sugerencia',
      descripcion: '  Añadir TBX v3  ',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json<Ticket>();
    expect(ticket).toEqual({
      id: expect.any(Number),
      user_id: author.user.id,
      email: author.user.email,
      tipo: 'sugerencia',
      descripcion: 'Añadir TBX v3',
      estado: 'pendiente',
      respuesta: null,
      fecha: expect.any(String),
      created_at: ticket.fecha,
      fecha_respuesta: null,
      imagen: null,
    });
  });

  it('keeps the contact e-mail typed by the author and accepts tipo soporte', async () => {
    const author = await createUser(t);
    const res = await fileTicket(t, author, {
      tipo: 'soporte',
      descripcion: 'No puedo entrar',
      email: 'Contacto@Ejemplo.es',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tipo: 'soporte', email: 'contacto@ejemplo.es' });
  });

  it('refuses a missing description and an unknown type with a Spanish 422', async () => {
    const author = await createUser(t);
    const empty = await fileTicket(t, author, { tipo: 'bug', descripcion: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'Describe el problema o la sugerencia.',
    });
    const badType = await fileTicket(t, author, { tipo: 'queja', descripcion: 'x' });
    expect(badType.statusCode).toBe(422);
    const badEmail = await fileTicket(t, author, {
      tipo: 'bug',
      descripcion: 'x',
      email: 'no-es-correo',
    });
    expect(badEmail.statusCode).toBe(422);
  });

  it('refuses anonymous callers', async () => {
    const body = multipartBody({ tipo: 'bug', descripcion: 'x' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a JSON body: the form is multipart', async () => {
    const author = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: author.headers,
      payload: { tipo: 'bug', descripcion: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/multipart/);
  });

  it('stores a screenshot re-encoded as WebP within 1600 px, served to its author and admins only', async () => {
    const author = await createUser(t);
    const res = await fileTicket(
      t,
      author,
      { tipo: 'bug', descripcion: 'Se ve mal' },
      {
        filename: 'captura.png',
        contentType: 'image/png',
        data: await pngImage(2400, 1200),
      },
    );
    expect(res.statusCode).toBe(201);
    const imagen = res.json<Ticket>().imagen!;
    expect(imagen).toMatch(/^\/api\/tickets\/imagenes\/[A-Za-z0-9_-]{43}\.webp$/);

    const own = await t.app.inject({ method: 'GET', url: imagen, headers: author.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const admin = await createUser(t, { role: 'admin' });
    expect(
      (await t.app.inject({ method: 'GET', url: imagen, headers: admin.headers })).statusCode,
    ).toBe(200);

    const stranger = await createUser(t);
    const other = await t.app.inject({ method: 'GET', url: imagen, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: imagen })).statusCode).toBe(401);
    const guessed = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/imagenes/..%2F..%2Fsecrets%2Fjwt-secret',
      headers: admin.headers,
    });
    expect(guessed.statusCode).toBe(404);
  });

  it('refuses SVG, text renamed .png, a truncated PNG and files over IMAGE_MAX_BYTES', async () => {
    const author = await createUser(t);
    const fields = { tipo: 'bug', descripcion: 'con imagen' };
    const svg = await fileTicket(t, author, fields, {
      filename: 'a.svg',
      contentType: 'image/svg+xml',
      data: SVG_IMAGE,
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: expect.stringMatching(/SVG no se admiten/),
    });

    const text = await fileTicket(t, author, fields, {
      filename: 'captura.png',
      contentType: 'image/png',
      data: Buffer.from('Esto es texto, no una imagen.'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toMatch(/no es una imagen/);

    const png = await pngImage(300, 300);
    const truncated = await fileTicket(t, author, fields, {
      filename: 'rota.png',
      contentType: 'image/png',
      data: png.subarray(0, Math.floor(png.length / 2)),
    });
    expect(truncated.statusCode).toBe(422);
    expect(truncated.json()).toMatchObject({
      code: 'INVALID_FILE',
      detail: expect.stringMatching(/dañada o incompleta/),
    });

    const huge = Buffer.concat([png, Buffer.alloc(t.config.IMAGE_MAX_BYTES)]);
    const tooBig = await fileTicket(t, author, fields, {
      filename: 'enorme.png',
      contentType: 'image/png',
      data: huge,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'La imagen supera el tamaño máximo de 5 MB.',
    });

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/mine',
      headers: author.headers,
    });
    expect(mine.json()).toEqual([]);
  });
});

describeEngines('GET /api/tickets/mine and GET /api/tickets/', (t) => {
  it('answers own tickets, newest first; all of them for an admin; abierto as pendiente', async () => {
    const ana = await createUser(t);
    const luis = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const first = (
      await fileTicket(t, ana, { tipo: 'bug', descripcion: 'primero' })
    ).json<Ticket>();
    const second = (
      await fileTicket(t, ana, { tipo: 'otro', descripcion: 'segundo' })
    ).json<Ticket>();
    const luisTicket = (
      await fileTicket(t, luis, { tipo: 'bug', descripcion: 'de Luis' })
    ).json<Ticket>();
    await t.db
      .updateTable('tickets')
      .set({ estado: 'abierto' })
      .where('id', '=', first.id)
      .execute();

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/mine',
      headers: ana.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Ticket[]>().map((x) => x.id)).toEqual([second.id, first.id]);
    expect(mine.json<Ticket[]>()[1]!.estado).toBe('pendiente');
    expect(mine.headers['x-total-count']).toBe('2');

    const visible = await t.app.inject({
      method: 'GET',
      url: '/api/tickets',
      headers: ana.headers,
    });
    expect(visible.json<Ticket[]>().map((x) => x.id)).toEqual([second.id, first.id]);

    const all = await t.app.inject({ method: 'GET', url: '/api/tickets/', headers: admin.headers });
    const ids = all.json<Ticket[]>().map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id, luisTicket.id]));

    const adminOwn = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/mine',
      headers: admin.headers,
    });
    expect(adminOwn.json()).toEqual([]);
  });

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets/mine' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(401);
  });
});

describeEngines('/api/admin/tickets', (t) => {
  it('is for administrators only', async () => {
    const editor = await createUser(t);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tickets',
      headers: editor.headers,
    });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('ADMIN_ONLY');
    const ticket = (await fileTicket(t, editor)).json<Ticket>();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: editor.headers,
      payload: { estado: 'resuelto' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('ADMIN_ONLY');
    const invalidBody = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: editor.headers,
      payload: { estado: 'cerrado' },
    });
    expect(invalidBody.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tickets' })).statusCode).toBe(401);
  });

  it('pages every ticket by pagina and por_pagina with X-Total-Count', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const author = await createUser(t);
    const before = Number(
      (await t.app.inject({ method: 'GET', url: '/api/admin/tickets', headers: admin.headers }))
        .headers['x-total-count'],
    );
    for (let i = 0; i < 7; i += 1)
      await fileTicket(t, author, { tipo: 'otro', descripcion: `ticket ${i}` });
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tickets?pagina=1',
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(5);
    expect(first.headers['x-total-count']).toBe(String(before + 7));
    expect(first.json<Ticket[]>()[0]!.descripcion).toBe('ticket 6');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tickets?pagina=2&por_pagina=5',
      headers: admin.headers,
    });
    expect(
      second
        .json<Ticket[]>()
        .map((x) => x.descripcion)
        .slice(0, 2),
    ).toEqual(['ticket 1', 'ticket 0']);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tickets?pagina=0',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('changes the state, answers with fecha_respuesta, e-mails the author and shows it in their list', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const author = await createUser(t);
    const ticket = (await fileTicket(t, author)).json<Ticket>();

    const inProgress = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: admin.headers,
      payload: { estado: 'en curso' },
    });
    expect(inProgress.statusCode).toBe(200);
    expect(inProgress.json()).toMatchObject({
      estado: 'en curso',
      respuesta: null,
      fecha_respuesta: null,
    });

    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}/`,
      headers: admin.headers,
      // The whole ticket as GET answers it: server-set fields are ignored.
      payload: {
        ...inProgress.json<Ticket>(),
        estado: 'resuelto',
        respuesta: 'Arreglado en la versión 0.2. ¡Gracias!',
      },
    });
    expect(answered.statusCode).toBe(200);
    const body = answered.json<Ticket>();
    expect(body).toMatchObject({
      id: ticket.id,
      estado: 'resuelto',
      respuesta: 'Arreglado en la versión 0.2. ¡Gracias!',
    });
    expect(Date.parse(body.fecha_respuesta!)).toBeGreaterThanOrEqual(Date.parse(ticket.fecha));

    const mail = lastMailTo(t.config.DATA_DIR, author.user.email);
    expect(mail?.subject).toBe(`Respuesta a tu ticket n.º ${ticket.id} de LudoTerm`);
    expect(mail?.text).toContain('Arreglado en la versión 0.2. ¡Gracias!');
    expect(mail?.text).toContain('http://localhost:3000/perfil');
    expect(mail?.html).toContain('Arreglado en la versión 0.2. ¡Gracias!');

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/mine',
      headers: author.headers,
    });
    expect(mine.json<Ticket[]>()[0]).toMatchObject({
      estado: 'resuelto',
      respuesta: 'Arreglado en la versión 0.2. ¡Gracias!',
    });

    const stateOnly = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: admin.headers,
      payload: { estado: 'pendiente' },
    });
    expect(stateOnly.json()).toMatchObject({
      estado: 'pendiente',
      fecha_respuesta: body.fecha_respuesta,
    });
  });

  it('refuses an unknown state, an empty change and an unknown ticket', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const author = await createUser(t);
    const ticket = (await fileTicket(t, author)).json<Ticket>();
    const put = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/tickets/${id}`,
        headers: admin.headers,
        payload,
      });
    expect((await put(ticket.id, { estado: 'abierto' })).statusCode).toBe(422);
    const empty = await put(ticket.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Indica un estado o una respuesta.');
    const missing = await put(999_999, { estado: 'resuelto' });
    expect(missing.statusCode).toBe(404);
  });
});
