// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { migrateToLatest } from './migrate.ts';

const config = loadConfig();
const handle = openConfiguredDatabase(config);
try {
  const applied = await migrateToLatest(handle.db);
  console.info(
    applied.length > 0
      ? `Migraciones aplicadas: ${applied.join(', ')}`
      : 'La base de datos ya está al día.',
  );
} finally {
  await handle.destroy();
}
