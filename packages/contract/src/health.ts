import { z } from 'zod';

/** `GET /health`: liveness plus the public settings the web app needs before sign-in. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  contact_email: z.string(),
  /** Set when the installation offers Google sign-in. */
  google_client_id: z.string().nullable(),
  /** The largest file an import accepts (IMPORT_MAX_BYTES), for the drop zone. */
  import_max_bytes: z.number().int().positive(),
});
export type Health = z.infer<typeof healthSchema>;
