import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

// SQLite: the word tier of a ranked search ("a word of the term starts with the query") read
// from a B-tree instead of the trigram index. `search_word_starts` holds, for each doc in the
// results' order (search_id below the unordered range), the text from every word start on (a
// character after a separator, never the first: that is the prefix tier), at most 32
// characters: "espada de fuego" gives "de fuego" and "fuego". A word-tier read is then a range
// of this table, checked on search_docs, instead of walking every doc that holds the query's
// trigrams and a separator (ADR 0010's addendum of 2026-11-26). Rows follow their doc through
// the two triggers below, which stand aside while `search_maintenance` holds a row (a rebuild,
// the settling of pending docs). `search_positions` numbers characters for the triggers,
// which cannot use a recursive query.
// PostgreSQL: nothing to do (its trigram index serves the word tier).

// The same values as modules/search (copied: a migration never changes).
const UNORDERED = sql.lit(2 ** 51);
const START_CHARS = sql.lit(32);
const SEPARATORS = sql.raw(`(' ', '-', '''', '(', '/', '"')`);
/** Longer than any folded text can be (its 20,000 characters can fold to three each). */
const POSITIONS = 100_000;
const UNLESS_MAINTAINED = sql`not exists (select 1 from search_maintenance)`;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table search_positions (n integer primary key)`.execute(db);
  await sql`insert into search_positions (n)
    select value from (with recursive c(value) as (
      select 2 union all select value + 1 from c where value < ${sql.lit(POSITIONS)})
    select value from c)`.execute(db);
  await sql`create table search_word_starts (
    start text not null,
    search_id integer not null,
    primary key (start, search_id)) without rowid`.execute(db);
  await sql`create index search_word_starts_doc_idx on search_word_starts (search_id)`.execute(db);

  const startsOf = (text: string, id: string) => sql`
    select substr(${sql.raw(text)}, p.n, ${START_CHARS}), ${sql.raw(id)} from search_positions p
    where p.n <= length(${sql.raw(text)}) and substr(${sql.raw(text)}, p.n - 1, 1) in ${SEPARATORS}`;
  await sql`create trigger search_word_starts_after_doc_insert after insert on search_docs
    when new.search_id < ${UNORDERED} and ${UNLESS_MAINTAINED} begin
      insert or ignore into search_word_starts (start, search_id)
        ${startsOf('new.origen', 'new.search_id')}
        union ${startsOf('new.meta', 'new.search_id')}
        union ${startsOf('new.subindice', 'new.search_id')};
    end`.execute(db);
  await sql`create trigger search_word_starts_after_doc_delete after delete on search_docs
    when ${UNLESS_MAINTAINED} begin
      delete from search_word_starts where search_id = old.search_id;
    end`.execute(db);

  const existing = (column: string) => sql`
    select substr(d.${sql.raw(column)}, p.n, ${START_CHARS}), d.search_id
    from search_docs d join search_positions p on p.n <= length(d.${sql.raw(column)})
    where d.search_id < ${UNORDERED} and substr(d.${sql.raw(column)}, p.n - 1, 1) in ${SEPARATORS}`;
  await sql`insert or ignore into search_word_starts (start, search_id)
    ${existing('origen')} union all ${existing('meta')} union all ${existing('subindice')}`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists search_word_starts_after_doc_delete`.execute(db);
  await sql`drop trigger if exists search_word_starts_after_doc_insert`.execute(db);
  await sql`drop table if exists search_word_starts`.execute(db);
  await sql`drop table if exists search_positions`.execute(db);
}
