// `npm start`: builds what is not built yet, then runs the server, which applies the database
// migrations and serves the API under /api and the web app at /.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

try {
  ensureBuilt(['web', 'server']);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
