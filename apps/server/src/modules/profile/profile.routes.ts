import { userSchema } from '@ludoterm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { readImageForm } from '../../lib/images-form.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readAvatar, uploadAvatar, type ProfileDeps } from './profile.service.ts';

/** `POST /auth/avatar` and the avatars it serves at `/avatars/{name}`. */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, storage }) => {
  const deps: ProfileDeps = {
    db: app.db,
    storage,
    imageMaxBytes: config.IMAGE_MAX_BYTES,
  };

  app.post('/auth/avatar', { schema: { response: { 200: userSchema } } }, async (request) => {
    const actor = requireUser(request);
    const { file } = await readImageForm(request, config.IMAGE_MAX_BYTES);
    return uploadAvatar(deps, actor, file);
  });

  // Each upload gets a new name, so the file behind a name never changes.
  app.get(
    '/avatars/:name',
    { schema: { params: z.object({ name: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const avatar = await readAvatar(deps.storage, request.params.name);
      return reply
        .type(avatar.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(avatar.data);
    },
  );
};
