import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

// SQLite's search statements as plain text and parameters, shaped like Kysely's `sql` tag but
// without compiling a node tree for each of the many fragments of every search.

/** A piece of SQL with the values of its `?` parameters, in order. */
export class SqlText {
  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {}
}

function isFragment(value: unknown): value is SqlText {
  return value instanceof SqlText;
}

/** SQL text: `${value}` is a parameter, `${q`…`}` a fragment spliced in. */
export function q(strings: TemplateStringsArray, ...values: unknown[]): SqlText {
  let text = strings[0]!;
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1]!;
  });
  return new SqlText(text, params);
}

/** Trusted text (identifiers, numeric literals, SQL written here), never a user's value. */
q.raw = (text: string): SqlText => new SqlText(text, []);

/** An integer as a literal: FTS5 seeks to a rowid bound only when it is an integer. */
q.int = (value: number): SqlText => {
  if (!Number.isInteger(value)) throw new Error(`no es un entero: ${value}`);
  // Exact digits also past 2^53 (2^56, a rowid bound, prints as …940 through String).
  return q.raw(BigInt(value).toString());
};

q.join = (parts: readonly SqlText[], separator: string): SqlText =>
  new SqlText(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.params),
  );

/** A Kysely query (a scope's subquery) as a parenthesized fragment. */
q.subquery = (query: Compilable): SqlText => {
  const { sql, parameters } = query.compile();
  return new SqlText(`(${sql})`, parameters);
};

/** Runs a statement on the connection (its text is what the statement cache keys on). */
export async function rowsOf<Row>(db: Kysely<Database>, statement: SqlText): Promise<Row[]> {
  const result = await db.executeQuery<Row>(
    CompiledQuery.raw(statement.text, [...statement.params]),
  );
  return result.rows;
}
