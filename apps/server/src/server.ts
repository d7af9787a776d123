// Starts LudoTerm: configuration, migrations, the HTTP server and graceful shutdown.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openConfiguredDatabase } from './db/open-configured-database.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando el servidor');
    const timer = setTimeout(() => {
      app.log.error('el cierre tardó demasiado; se fuerza la salida');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error al cerrar');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  app.server.keepAliveTimeout = 65_000;
  app.server.requestTimeout = 10 * 60_000;
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`LudoTerm escuchando en ${config.PUBLIC_URL} (base de datos: ${database.engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('No se pudo arrancar LudoTerm:', error);
  process.exit(1);
});
