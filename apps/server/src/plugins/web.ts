import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/** apps/web/dist of this repository, found from this file whether bundled or not. */
function defaultWebDist(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(candidate)) return candidate;
    const sibling = join(dir, '..', 'web', 'dist');
    if (existsSync(join(dir, 'package.json')) && existsSync(sibling)) return resolve(sibling);
    dir = dirname(dir);
  }
  return resolve('apps/web/dist');
}

/** Serves the built web app at / with client-route fallback; unknown API routes answer 404. */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : defaultWebDist();
  const hasWeb = existsSync(join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ root }, 'no se encuentra la aplicación web compilada; solo se sirve el API');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
