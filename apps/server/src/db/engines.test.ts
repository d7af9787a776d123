import { expect, it } from 'vitest';
import { createGlossaryRow, createUser } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { testEngines } from '../test/test-database.ts';

/** The JSON type of every value of a row: what a client would see. */
function jsonTypes(row: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(JSON.parse(JSON.stringify(row)) as Record<string, unknown>).map(([k, v]) => [
      k,
      v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v,
    ]),
  );
}

async function sampleRows(t: TestApp) {
  const { user } = await createUser(t, {
    trial_ends_at: new Date().toISOString(),
    plan: 'pro_trial',
  });
  const glossary = await createGlossaryRow(t, user);
  const userRow = await t.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const glossaryRow = await t.db
    .selectFrom('glossaries')
    .selectAll()
    .where('id', '=', glossary.id)
    .executeTakeFirstOrThrow();
  const count = await t.db
    .selectFrom('glossaries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { user: userRow, glossary: glossaryRow, count };
}

it('both engines answer the same JSON types: numeric ids and counts, ISO date strings', async () => {
  const answers = [];
  for (const engine of testEngines) {
    const t = await buildTestApp(engine);
    try {
      const rows = await sampleRows(t);
      expect(rows.user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(rows.user.trial_ends_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof rows.user.id).toBe('number');
      expect(typeof rows.count.n).toBe('number');
      answers.push({
        user: jsonTypes(rows.user),
        glossary: jsonTypes(rows.glossary),
        count: jsonTypes(rows.count),
      });
    } finally {
      await t.close();
    }
  }
  for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
});
