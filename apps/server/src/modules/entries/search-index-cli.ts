// `npm run search:rebuild` (apps/server): recomputes the folded columns, the advanced-search
// rows and the engine's search index from the entries' cards. `-- --comprobar` only checks.
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { openConfiguredDatabase } from '../../db/open-configured-database.ts';
import { checkSearchIndex } from './search-index-check.ts';
import { rebuildSearchIndex } from './search-index-rebuild.ts';

const onlyCheck = process.argv.includes('--comprobar');
const handle = openConfiguredDatabase(loadConfig(), { statementTimeoutMs: 0 });
try {
  await migrateToLatest(handle.db);
  if (onlyCheck) {
    const problems = await checkSearchIndex(handle.db);
    for (const p of problems.slice(0, 50)) console.error(p);
    console.info(
      problems.length === 0 ? 'Índice de búsqueda correcto.' : `${problems.length} problemas.`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  } else {
    const started = performance.now();
    const report = await rebuildSearchIndex(handle.db);
    console.info(
      `Índice reconstruido: ${report.entries} entradas, ${report.updated} actualizadas, ` +
        `${report.recounted} glosarios recontados (${((performance.now() - started) / 1000).toFixed(1)} s).`,
    );
  }
} finally {
  await handle.destroy();
}
