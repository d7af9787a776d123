import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Google's identity script origin, allowed by the CSP only when Google sign-in is configured. */
export const GOOGLE_IDENTITY_ORIGIN = 'https://accounts.google.com';

/**
 * Security headers with a strict Content-Security-Policy (no inline or third-party scripts) on
 * every answer. Helmet's middleware is built once, not per request as @fastify/helmet does.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const google = config.GOOGLE_CLIENT_ID ? [GOOGLE_IDENTITY_ORIGIN] : [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        // Mantine sets CSS variables through style attributes and one <style> element.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', ...(google.length ? ['https://*.googleusercontent.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google],
        frameSrc: google.length ? google : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
}
