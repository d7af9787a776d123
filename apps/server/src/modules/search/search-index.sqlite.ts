import {
  sql,
  type Expression,
  type Kysely,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertFieldRowsFromCards } from '../entries/entries.repository.ts';
import type {
  FieldMatch,
  GlossarySearch,
  IndexedEntry,
  InsertedIds,
  SearchIndex,
  SearchPage,
  TermColumn,
  TermMatch,
} from './search-index.ts';
import {
  PREFIX_END,
  TERM_COLUMNS,
  WORD_SEPARATORS,
  ftsPhrase,
  isShortQuery,
} from './search-index-terms.ts';
import { matchFieldIn } from './search-index-field.ts';
import {
  type DocSource,
  sqliteAddDocs,
  sqliteAddFields,
  sqliteAddPendingDocs,
  sqliteIndexInserted,
  sqliteRebuildDocs,
  sqliteSettlePendingDocs,
  withTriggersAside,
} from './search-docs.sqlite.ts';
import { sqliteCountInOrder, sqliteMatchInOrder } from './search-order.sqlite.ts';
import { sqliteAddWordStarts } from './search-word-starts.sqlite.ts';

/**
 * Below this many matches the page is read by looking each match up and sorting them;
 * above it, by walking the glossary's sort index and keeping the matches (which stops as
 * soon as the page is full, since matches are then dense).
 */
const SORT_MATCHES_BELOW = 2000;

type EntriesBuilder = ExpressionBuilder<Database, 'entries'>;

/** `column` starts with `query`, as a range on the (glossary_id, column) B-tree. */
function startsWith(eb: EntriesBuilder, column: TermColumn, query: string): Expression<SqlBool> {
  const ref = TERM_COLUMNS[column];
  return eb.and([eb(ref, '>=', query), eb(ref, '<', query + PREFIX_END)]);
}

/** The FTS5 query: any of `phrases` in any of the columns. */
function ftsQuery(columns: readonly TermColumn[], phrases: readonly string[]): string {
  const filter = `{${columns.map((c) => TERM_COLUMNS[c]).join(' ')}}`;
  return `${filter} : (${phrases.map(ftsPhrase).join(' OR ')})`;
}

/** The marker phrase of a glossary in `entries_fts.fts_glosario` (see migration 032). */
function glossaryMarker(glossaryId: number): string {
  return `\u0001${glossaryId}\u0001`;
}

/** Restricts an FTS5 query to some glossaries (live entries only: the table holds no others). */
function inGlossaries(glossaryIds: readonly number[], query: string): string {
  return `fts_glosario : (${glossaryIds.map((id) => ftsPhrase(glossaryMarker(id))).join(' OR ')}) AND ${query}`;
}

/** Above this many glossaries, filtering by join beats OR-ing their markers inside FTS5. */
const MARKERS_UP_TO = 16;

/** Indexes live entries in the glossary's own FTS5 table (`entries`: the rows to take). */
async function indexEntryTerms(db: Kysely<Database>, entries: RawBuilder<boolean>) {
  await sql`insert into entries_fts(rowid, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado)
    select id, fts_glosario, termino_origen_plegado, termino_meta_plegado, subindice_plegado
    from entries where ${entries} and deleted_at is null order by id`.execute(db);
}

/**
 * Single-entry creates wait in `search_pending` until this many have (or the settle job runs),
 * then go into the three FTS5 indexes in one pass: each commit that touches an FTS5 index
 * writes a new segment to it, which was a fifth of a create's time and, merged again and
 * again, most of its slowest ones. A batch pauses writes while it is indexed (about 50 ms for
 * 256 entries of random terms beside 100,000), and searches scan what waits (well under a
 * millisecond for this many): a burst of creates pays that pause once per this many.
 */
const SETTLE_PENDING_AT = 1024;

const IS_PENDING = sql<boolean>`id in (select entry_id from search_pending)`;

/**
 * Waiting entries (see SETTLE_PENDING_AT) of the given glossaries whose folded terms contain
 * one of `pieces`: they are not in entries_fts yet, so searches add them by scan (at most
 * SETTLE_PENDING_AT rows).
 */
function pendingMatches(
  glossaryIds: readonly number[],
  columns: readonly TermColumn[],
  pieces: readonly string[],
) {
  const tests = columns.flatMap((c) =>
    pieces.map((piece) => sql`instr(${sql.ref(`e.${TERM_COLUMNS[c]}`)}, ${piece}) > 0`),
  );
  // CROSS JOIN keeps the few waiting entries as the outer loop (not the glossary's index).
  return sql<number>`select e.id from search_pending p cross join entries e on e.id = p.entry_id
    where e.deleted_at is null and e.glossary_id in (${sql.join(glossaryIds)})
      and (${sql.join(tests, sql` or `)})`;
}

function matchingIds(match: string) {
  return sql<number>`(select rowid as id from entries_fts where entries_fts match ${match})`;
}

/** Entries of a range read at a time to place their docs (`indexPendingRanges`). */
const DOCS_CHUNK = 10_000;

/**
 * Docs for the live entries with ids in `ids`, read from their rows a chunk at a time, then
 * their word starts in one pass: the word starts' trigger stands aside meanwhile
 * (`search_maintenance`, inside the caller's transaction).
 */
async function addDocsOfRange(db: Kysely<Database>, ids: InsertedIds): Promise<void> {
  const { first, last } = ids;
  await withTriggersAside(db, 'import', async () => {
    for (let from = first; from <= last; from += DOCS_CHUNK) {
      const { rows } = await sql<DocSource>`select id, glossary_id, clave_orden,
          termino_origen_plegado, termino_meta_plegado, subindice_plegado
        from entries where id between ${from} and ${Math.min(last, from + DOCS_CHUNK - 1)}
          and deleted_at is null`.execute(db);
      await sqliteAddDocs(db, rows);
    }
  });
  await sqliteAddWordStarts(db, ids);
}

async function anyRowIn(
  db: Kysely<Database>,
  table: 'entry_fields' | 'search_docs',
  ids: InsertedIds,
) {
  const { rows } = await sql`select 1 from ${sql.table(table)}
    where entry_id between ${ids.first} and ${ids.last} limit 1`.execute(db);
  return rows.length > 0;
}

/** The ranges `indexAfterCommit` recorded (imports whose answer did not wait for them). */
async function pendingRanges(db: Kysely<Database>): Promise<InsertedIds[]> {
  const { rows } = await sql<InsertedIds>`
    select first_id as first, last_id as last from search_fields_pending`.execute(db);
  return rows;
}

/**
 * The terms' half of a pending range: its docs in the results' order, its terms in
 * `entries_fts` and their trigram rows. A range that already has its docs had this half done
 * (by `indexPendingTerms`, or by an earlier version, whose imports wrote docs with the entries).
 */
async function indexRangeTerms(db: Kysely<Database>, ids: InsertedIds): Promise<void> {
  if (await anyRowIn(db, 'search_docs', ids)) return;
  await addDocsOfRange(db, ids);
  await indexEntryTerms(db, sql<boolean>`id between ${ids.first} and ${ids.last}`);
  await sqliteIndexInserted(db, ids, { terms: true, fields: false });
}

/**
 * The imports whose answer did not wait for their search structures: each range's terms
 * (`indexRangeTerms`, unless done), then its `entry_fields` rows derived from the stored cards
 * and their trigram rows. A range that already has its field rows was left by an earlier
 * version, whose imports wrote them with the entries: only their trigram rows are added.
 */
async function indexPendingRanges(db: Kysely<Database>): Promise<void> {
  const ranges = await pendingRanges(db);
  if (ranges.length === 0) return;
  for (const ids of ranges) {
    await indexRangeTerms(db, ids);
    if (!(await anyRowIn(db, 'entry_fields', ids))) await insertFieldRowsFromCards(db, ids);
    await sqliteIndexInserted(db, ids, { terms: false, fields: true });
  }
  await sql`delete from search_fields_pending`.execute(db);
}

/** SQLite: FTS5 trigram tables plus B-trees on (glossary_id, folded column). */
export const sqliteSearchIndex: SearchIndex = {
  engine: 'sqlite',
  defersIndexing: true,

  async addEntries(db, rows: readonly IndexedEntry[]) {
    await sqliteAddDocs(db, rows);
  },

  async indexInserted(db, ids: InsertedIds) {
    await indexEntryTerms(db, sql<boolean>`id between ${ids.first} and ${ids.last}`);
    await sqliteIndexInserted(db, ids, { terms: true, fields: true });
  },

  async indexAfterCommit(db, ids: InsertedIds) {
    await sql`insert into search_fields_pending (first_id, last_id)
      values (${ids.first}, ${ids.last})`.execute(db);
  },

  async indexPendingTerms(db) {
    for (const ids of await pendingRanges(db)) await indexRangeTerms(db, ids);
  },

  // search_pending is filled and emptied here only; the docs' side is search-order.sqlite.ts.
  async indexLater(db, rows: readonly IndexedEntry[]) {
    await sqliteAddPendingDocs(db, rows);
    const ids = JSON.stringify(rows.map((r) => r.id));
    await sql`insert into search_pending (entry_id) select value from json_each(${ids})`.execute(
      db,
    );
    const { rows: waiting } = await sql<{ n: number }>`
      select count(*) as n from search_pending`.execute(db);
    if ((waiting[0]?.n ?? 0) >= SETTLE_PENDING_AT) await this.indexPending(db);
  },

  async indexPending(db) {
    await indexPendingRanges(db);
    const { rows } = await sql<{ n: number }>`select 1 as n from search_pending limit 1`.execute(
      db,
    );
    if (rows.length === 0) return;
    await indexEntryTerms(db, IS_PENDING);
    await sqliteSettlePendingDocs(db);
    await sql`delete from search_pending`.execute(db);
  },

  async addFields(db, entryId: number) {
    await sqliteAddFields(db, entryId);
  },

  async searchGlossary(
    db,
    { glossaryId, query, orden, offset, limit }: GlossarySearch,
  ): Promise<SearchPage> {
    const columns: TermColumn[] = ['origen', 'meta', 'subindice'];
    const direction = sql.raw(orden === 'desc' ? 'desc' : 'asc');
    // The matching ids as a subquery: for one or two characters, the union of three prefix
    // ranges on the partial B-trees (live entries only); otherwise the glossary's FTS matches.
    let matching: RawBuilder<number>;
    let count: RawBuilder<{ n: number }>;
    if (isShortQuery(query)) {
      const end = query + PREFIX_END;
      const ranges = sql.join(
        columns.map(
          (c) => sql`select id from entries where glossary_id = ${glossaryId} and deleted_at is null
            and ${sql.ref(TERM_COLUMNS[c])} >= ${query} and ${sql.ref(TERM_COLUMNS[c])} < ${end}`,
        ),
        sql` union `,
      );
      matching = sql<number>`(${ranges})`;
      count = sql<{ n: number }>`select count(*) as n from (${ranges})`;
    } else {
      const match = inGlossaries([glossaryId], ftsQuery(columns, [query]));
      const pending = pendingMatches([glossaryId], columns, [query]);
      matching = sql<number>`(select rowid as id from entries_fts where entries_fts match ${match}
        union all ${pending})`;
      count = sql<{ n: number }>`select
        (select count(*) from entries_fts where entries_fts match ${match})
        + (select count(*) from (${pending})) as n`;
    }
    const total = Number((await count.execute(db)).rows[0]?.n ?? 0);
    if (total === 0 || offset >= total) return { ids: [], total };
    const { rows } =
      total < SORT_MATCHES_BELOW
        ? // CROSS JOIN keeps the matches as the outer loop: one lookup per match, then a sort.
          await sql<{ id: number }>`
            select e.id from ${matching} m cross join entries e on e.id = m.id
            order by e.clave_orden ${direction}, e.id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          )
        : // Many matches: walk the sort index, keeping matches, until the page is full.
          await sql<{ id: number }>`
            select id from entries indexed by entries_sort_idx
            where glossary_id = ${glossaryId} and deleted_at is null and id in ${matching}
            order by clave_orden ${direction}, id ${direction} limit ${limit} offset ${offset}`.execute(
            db,
          );
    return { ids: rows.map((r) => r.id), total };
  },

  async matchTerms(db, { glossaryIds, query, tier, columns, limit }: TermMatch): Promise<number[]> {
    if (glossaryIds.length === 0 || columns.length === 0) return [];
    let select = db
      .selectFrom('entries')
      .select('id')
      .where('glossary_id', 'in', glossaryIds)
      .where('deleted_at', 'is', null)
      .limit(limit);
    if (tier === 'exact') {
      select = select.where((eb) => eb.or(columns.map((c) => eb(TERM_COLUMNS[c], '=', query))));
    } else if (tier === 'prefix' || isShortQuery(query)) {
      if (tier !== 'prefix') return [];
      select = select.where((eb) => eb.or(columns.map((c) => startsWith(eb, c, query))));
    } else {
      const phrases = tier === 'word' ? WORD_SEPARATORS.map((s) => s + query) : [query];
      const terms = ftsQuery(columns, phrases);
      const pending = pendingMatches(glossaryIds, columns, phrases);
      if (glossaryIds.length <= MARKERS_UP_TO) {
        const { rows } = await sql<{ id: number }>`
          select rowid as id from entries_fts where entries_fts match ${inGlossaries(glossaryIds, terms)}
          union all ${pending} limit ${limit}`.execute(db);
        return rows.map((r) => r.id);
      }
      select = select.where((eb) =>
        eb.or([eb('id', 'in', matchingIds(terms)), eb('id', 'in', pending)]),
      );
    }
    return (await select.execute()).map((r) => r.id);
  },

  async matchField(db, params: FieldMatch): Promise<number[]> {
    return matchFieldIn(this, db, params);
  },

  matchInOrder: sqliteMatchInOrder,
  countInOrder: sqliteCountInOrder,

  async rebuildStructures(db) {
    await sqliteRebuildDocs(db);
    await sql`delete from search_pending`.execute(db);
    // Not 'rebuild': that would index the soft-deleted entries too.
    await sql`insert into entries_fts(entries_fts) values ('delete-all')`.execute(db);
    await indexEntryTerms(db, sql<boolean>`1`);
    await sql`insert into entries_fts(entries_fts) values ('optimize')`.execute(db);
  },
};
