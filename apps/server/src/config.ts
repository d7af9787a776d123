import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { EMAIL_PATTERN, IMPORT_MAX_BYTES_DEFAULT } from '@ludoterm/contract';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE, STATEMENT_TIMEOUT_MS } from './db/database.ts';

const MiB = 1024 * 1024;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, with its default. Listed in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** postgres://… for PostgreSQL; empty for the embedded SQLite file in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: connections each instance keeps (instances × size must fit max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(DEFAULT_POOL_SIZE),
  /** PostgreSQL: longest a statement may run before it is cancelled with a Spanish 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(STATEMENT_TIMEOUT_MS),
  /** Secret that signs access tokens; generated and kept in DATA_DIR when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  PUBLIC_URL: z.url().optional(),
  CONTACT_EMAIL: z.email().default('soporte@ludoterm.app'),
  // Internationalised addresses too, as accounts may have them.
  ADMIN_EMAIL: z.string().trim().regex(EMAIL_PATTERN).optional(),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Requests per minute per address on the sign-in routes. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Failed sign-ins per account and client address per 15 minutes before 429. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1).default(IMPORT_MAX_BYTES_DEFAULT),
  EXTRACTOR_MAX_BYTES: z.coerce.number().int().min(1).default(20 * MiB),
  /** Largest custom stopword list (file or text) sent to the extractor. */
  EXTRACTOR_STOPWORDS_MAX_BYTES: z.coerce.number().int().min(1).default(1 * MiB),
  /** Extractor worker threads; by default one fewer than the cores, between 1 and 2. */
  EXTRACTOR_WORKERS: z.coerce.number().int().min(1).max(64).default(Math.min(2, Math.max(1, availableParallelism() - 1))),
  /** Search threads on SQLite, each with its own connection; 0 searches on the main connection. */
  SEARCH_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** SQLite: longest a search may run on its thread before it is cancelled with a 503. */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** SQLite only: seconds between WAL checkpoints made by a thread of their own (0: by SQLite). */
  WAL_CHECKPOINT_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  /** Longest time one extraction may run, from when a thread takes it (waiting does not count). */
  EXTRACTOR_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Most candidates one answer holds (the best ranked); the statistics still count them all. */
  EXTRACTOR_MAX_CANDIDATES: z.coerce.number().int().min(1).max(100_000).default(2000),
  IMAGE_MAX_BYTES: z.coerce.number().int().min(1).default(5 * MiB),
  /** Uploaded images in this S3-compatible bucket: https://KEY_ID:SECRET@host/bucket. */
  S3_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LudoTerm <no-reply@ludoterm.app>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google's published signing keys; override only to point at a mirror. Needs the internet. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Minutes between purges of glossaries trashed 30 days ago or more (also once at start); 0 disables. */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Built web app to serve at /; defaults to apps/web/dist of this repository. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> {
  DATA_DIR: string;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  databaseEngine: 'sqlite' | 'postgres';
  /** Cheap password hashing, only ever for the test suite. */
  fastPasswordHashing: boolean;
  // SEARCH_WORKERS and WAL_CHECKPOINT_SECONDS with defaults applied.
  searchWorkers: number;
  walCheckpointSeconds: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; creates DATA_DIR and the generated secrets. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Zod's own wording in Spanish, like every other message of the server.
  const parsed = envSchema.safeParse(cleaned, { error: z.locales.es().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...e,
    DATA_DIR: dataDir,
    JWT_SECRET: e.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseEngine: isPostgresUrl(e.DATABASE_URL) ? 'postgres' : 'sqlite',
    fastPasswordHashing: e.NODE_ENV === 'test',
    searchWorkers:
      e.SEARCH_WORKERS ?? (e.NODE_ENV === 'test' ? 0 : Math.min(2, availableParallelism())),
    walCheckpointSeconds: e.WAL_CHECKPOINT_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 2),
  };
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first: use theirs so both sign with the same key.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
