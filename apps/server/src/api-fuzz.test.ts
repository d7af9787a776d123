import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeEngines, type TestApp } from './test/build-test-app.ts';
import { createGlossaryRow, createUser } from './test/factories.ts';

// Requests generated from the server's own OpenAPI document, with valid, invalid and hostile
// values for every parameter and body field, sent over HTTP to a listening server. Any 5xx, a
// request without an answer within the time limit, or a dropped connection fails the run and
// prints the requests that caused it.

const SECONDS = Number(process.env.LUDOTERM_FUZZ_SECONDS ?? 120);
/** Past this, a request counts as hung (the server's own limits are shorter). */
const ANSWER_WITHIN_MS = 15_000;
/** Fresh users and glossaries every so many requests: the fuzz deletes and revokes its own. */
const REQUESTS_PER_FIXTURE = 40;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { kind: 'json'; schema: Schema } | { kind: 'multipart' } | null;
}

/** Strings that have broken parsers, full-text syntax, SQL, paths and renderers elsewhere. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'ab\u0000cd',
  '\u001b[31m',
  "'; drop table users; --",
  '" OR 1=1 --',
  'NEAR(a b) AND "c',
  '*',
  '^"',
  '%',
  '_',
  '\\',
  '../../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '=HYPERLINK("http://x")',
  '\u202egnp.exe',
  '\ud83d\ude00\u0301\u0301',
  '\ud800',
  'ñandú ÆØÅ ß İ',
  'a'.repeat(5000),
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '1e309',
  '-1',
  '0',
  '9007199254740993',
  'NaN',
  'null',
  'true',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, -1, 0, 1.5, 2 ** 53 + 2, -1e308, [], {}, [[[]]]),
  fc.constant(JSON.parse('['.repeat(300) + ']'.repeat(300))),
);

function typesOf(schema: Schema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A value that fits `schema` (roughly: enough to get past validation), or a hostile one. */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const fitting = fittingValueOf(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: hostileValue });
}

function fittingValueOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((v) => valueOf(v, depth + 1)));
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(hostileString, hostileValue, { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(properties.map(([k, s]) => [k, valueOf(s, depth + 1)]));
      return fc.record(shape, {
        requiredKeys: properties.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return schema.format === 'email'
        ? fc.oneof(fc.emailAddress(), hostileString)
        : fc.oneof(fc.string({ maxLength: schema.maxLength ?? 30 }), hostileString);
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(document: {
  paths: Record<string, Partial<Record<Method, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        | {
            parameters?: Parameter[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const body = content['multipart/form-data']
        ? ({ kind: 'multipart' } as const)
        : content['application/json']
          ? ({ kind: 'json', schema: content['application/json'].schema ?? {} } as const)
          : null;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body,
      });
    }
  }
  return operations;
}

/** Users, a glossary and an entry the generated requests can aim at. */
interface Fixture {
  ownerToken: string;
  strangerToken: string;
  adminToken: string;
  slug: string;
  entryId: number;
}

async function freshFixture(t: TestApp, base: string): Promise<Fixture> {
  const owner = await createUser(t);
  const stranger = await createUser(t);
  const admin = await createUser(t, { role: 'admin' });
  const glossary = await createGlossaryRow(t, owner.user);
  const created = await fetch(`${base}/api/glosarios/${glossary.nombre_seguro}/entradas`, {
    method: 'POST',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ termino: { es: 'poción de maná', en: 'mana potion' } }),
  });
  const entry = (await created.json()) as { id: number };
  return {
    ownerToken: owner.token,
    strangerToken: stranger.token,
    adminToken: admin.token,
    slug: glossary.nombre_seguro,
    entryId: entry.id,
  };
}

interface Generated {
  operation: Operation;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  file: { bytes: Uint8Array; name: string; type: string } | null;
  auth: 'owner' | 'stranger' | 'admin' | 'none' | 'forged';
  useFixture: boolean;
}

function requestOf(operation: Operation): fc.Arbitrary<Generated> {
  const byPlace = (place: Parameter['in']) =>
    Object.fromEntries(
      operation.parameters.filter((p) => p.in === place).map((p) => [p.name, valueOf(p.schema)]),
    );
  const file = fc.record({
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc
        .constantFrom(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><tmx>&e;</tmx>',
          '<tmx>' + '<a>'.repeat(5000) + '</tmx>',
          'es,en\n=cmd|"/c calc"!A1,b\n',
          '%PDF-1.4 not really',
          '{"entradas": ' + '['.repeat(5000) + ']'.repeat(5000) + '}',
        )
        .map((s) => new TextEncoder().encode(s)),
    ),
    name: fc.oneof(
      fc.constantFrom('a.csv', 'a.tmx', 'a.tbx', 'a.json', 'a.txt', 'a.pdf', 'a.png'),
      hostileString,
    ),
    type: fc.constantFrom(
      'text/csv',
      'application/xml',
      'application/pdf',
      'image/png',
      'application/octet-stream',
      'text/plain',
    ),
  });
  return fc.record({
    operation: fc.constant(operation),
    path: fc.record(byPlace('path')),
    query: fc.record(byPlace('query'), { requiredKeys: [] }),
    body: operation.body?.kind === 'json' ? valueOf(operation.body.schema) : fc.constant(undefined),
    file: operation.body?.kind === 'multipart' ? file : fc.constant(null),
    auth: fc.constantFrom('owner', 'owner', 'owner', 'stranger', 'admin', 'none', 'forged'),
    useFixture: fc.boolean(),
  });
}

/** Lone surrogates replaced, as a URL cannot carry them (JSON bodies keep them). */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The request as fetch sends it; path parameters aim at the fixture half of the time. */
function toRequest(
  g: Generated,
  fixture: Fixture,
  base: string,
): { url: string; init: RequestInit } {
  const path = g.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (g.useFixture) {
      if (/slug|nombre_seguro|ns/.test(name)) return fixture.slug;
      if (/id/.test(name)) return String(fixture.entryId);
    }
    return encodeURIComponent(wellFormed(asText(g.path[name])));
  });
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(g.query)) if (v !== undefined) query.append(k, asText(v));
  const headers: Record<string, string> = {};
  const token = {
    owner: fixture.ownerToken,
    stranger: fixture.strangerToken,
    admin: fixture.adminToken,
  }[g.auth as 'owner'];
  if (token) headers.authorization = `Bearer ${token}`;
  if (g.auth === 'forged') headers.authorization = `Bearer ${fixture.ownerToken.slice(0, -4)}AAAA`;
  let body: RequestInit['body'];
  if (g.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(g.query)) if (v !== undefined) form.append(k, asText(v));
    form.append(
      'archivo',
      new Blob([g.file.bytes], { type: g.file.type }),
      asText(g.file.name) || 'x',
    );
    body = form;
  } else if (g.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(g.body);
  }
  const search = query.size > 0 ? `?${query}` : '';
  return { url: `${base}${path}${search}`, init: { method: g.operation.method, headers, body } };
}

// Both engines at once: each runs for the whole time budget, so together they take it once.
describe.concurrent('API fuzz', () => {
  describeEngines('API fuzz from the OpenAPI document', (t) => {
    it(
      `answers every generated request without a 5xx, a hang or a crash for ${SECONDS} s`,
      async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const address = t.app.server.address();
        const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const document = (await (await fetch(`${base}/api/docs`)).json()) as Parameters<
          typeof operationsOf
        >[0];
        const operations = operationsOf(document);
        expect(operations.length).toBeGreaterThan(40);

        const seed = Number(process.env.LUDOTERM_FUZZ_SEED ?? Date.now() % 2 ** 31);
        const requests = fc.oneof(...operations.map(requestOf));
        const failures: string[] = [];
        const statuses = new Map<number, number>();
        const until = Date.now() + SECONDS * 1000;
        let fixture = await freshFixture(t, base);
        let sent = 0;
        for (let round = 0; Date.now() < until && failures.length === 0; round += 1) {
          for (const generated of fc.sample(requests, {
            seed: seed + round,
            numRuns: REQUESTS_PER_FIXTURE,
          })) {
            if (Date.now() >= until) break;
            const { url, init } = toRequest(generated, fixture, base);
            const shown = `${init.method} ${url.slice(0, 300)} ${
              typeof init.body === 'string'
                ? init.body.slice(0, 300)
                : init.body
                  ? '(multipart)'
                  : ''
            }`;
            try {
              const res = await fetch(url, {
                ...init,
                signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
              });
              await res.arrayBuffer();
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status >= 500) failures.push(`${res.status} ← ${shown}`);
            } catch (error) {
              failures.push(`${String(error)} ← ${shown}`);
            }
            sent += 1;
          }
          fixture = await freshFixture(t, base);
        }
        const health = await fetch(`${base}/api/health`);
        expect(health.status, 'the server still answers').toBe(200);
        expect(failures, `seed ${seed}, ${sent} requests`).toEqual([]);
        // Enough requests reached the handlers, not only validation and authentication.
        expect(sent).toBeGreaterThan(SECONDS * 5);
        expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
      },
      (SECONDS + 60) * 1000,
    );
  });
});
