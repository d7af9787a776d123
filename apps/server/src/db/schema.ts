import type { ReviewState, TermStatus } from '@ludoterm/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Dates are ISO 8601 strings the application writes and booleans 0/1, so both engines agree.
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: 'admin' | 'editor' | 'lector';
  plan: 'free' | 'pro_trial' | 'pro';
  trial_ends_at: string | null;
  display_name: string | null;
  avatar_path: string | null;
  verificacion_codigo: number;
  google_sub: string | null;
  /** Sessions issued before this instant are no longer valid (password reset). */
  sessions_valid_after: string | null;
  /** When the account proved it owns `email`; null until then (see confirmEmailOwnership). */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

export interface GlossariesTable {
  id: Generated<number>;
  owner_id: number;
  nombre: string;
  /** Lower-cased, accent-folded name: one active glossary per owner and name. */
  nombre_plegado: string;
  nombre_seguro: string;
  idioma_origen: string;
  idioma_meta: string;
  descripcion: string | null;
  num_entradas: number;
  created_at: string;
  updated_at: string;
  eliminado_en: string | null;
  /** Set on a staging glossary (SQLite imports): the glossary its entries are moved into. */
  importando_en: number | null;
}

export interface GlossaryMembersTable {
  id: Generated<number>;
  glossary_id: number;
  /** Null while the invited e-mail has no account. */
  user_id: number | null;
  email: string;
  rol: 'editor' | 'revisor' | 'lector';
  created_at: string;
}

/** A named lock row: background jobs take it so that only one instance runs them. */
export interface JobLocksTable {
  name: string;
  locked_until: string;
  holder: string;
}

export interface TicketsTable {
  id: Generated<number>;
  user_id: number | null;
  /** Contact e-mail: the one the author typed, else the account's. */
  email: string | null;
  tipo: 'bug' | 'sugerencia' | 'otro' | 'soporte';
  descripcion: string;
  /** 'abierto' may come from older data; it is answered as 'pendiente'. */
  estado: 'pendiente' | 'en curso' | 'resuelto' | 'abierto';
  respuesta: string | null;
  fecha_respuesta: string | null;
  image_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface LoginCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A one-time link proving an account owns its address; only the token's hash is kept. */
export interface EmailConfirmationTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An uploaded file (avatar, ticket image) when uploads live in the database. */
export interface UploadsTable {
  key: string;
  data: Buffer;
  created_at: string;
}

/** The rate limit's request count of one key in its current window. */
export interface RateLimitCountersTable {
  key: string;
  window_started_ms: number;
  hits: number;
}

/** One failed sign-in of a key (account and address, or account alone). */
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  failed_at_ms: number;
}

/** A DocuTerm entry: `ficha` is the card as JSON; the other term columns derive from it. */
export interface EntriesTable {
  id: Generated<number>;
  glossary_id: number;
  ficha: string;
  /** foldText of the base-language term ('' when empty). */
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  subindice_plegado: string;
  /** Byte-ordered key of the base-language term in that language's collation. */
  clave_orden: string;
  author_id: number | null;
  /** The creator's display name or e-mail when the entry was created. */
  autor: string;
  comentarios_privados: string | null;
  /** The current version's number (1 for a new entry). */
  version: number;
  fecha_creacion: string;
  created_at: string;
  updated_at: string;
  /** Soft delete: set while the entry is deleted, cleared by recovery. */
  eliminado_en: string | null;
  origen_glossary_id: number | null;
  origen_glosario: string | null;
  origen_entrada_id: number | null;
  origen_version: number | null;
  estado_revision: ReviewState;
  /** The concept id the entry was imported with, if the file gave one. */
  id_externo: string | null;
  /** `OriginalRecord` as JSON: who created and changed it in its termbase, and when. */
  registro_original: string | null;
}

/** Every version of every entry, kept until the entry's glossary is purged. */
export interface EntryVersionsTable {
  entry_id: number;
  version: number;
  ficha: string;
  comentarios_privados: string | null;
  author_id: number | null;
  /** Who wrote this version. */
  autor: string;
  fecha_version: string;
  estado_revision: ReviewState;
}

/** One folded card field (other than the terms and the subindice) for advanced search. */
export interface EntryFieldsTable {
  id: Generated<number>;
  entry_id: number;
  glossary_id: number;
  campo: string;
  valor_plegado: string;
}

/** One term of an entry whose card holds a term list (plain cards have none), for search. */
export interface EntryTermsTable {
  entry_id: number;
  /** Its place in the card's list. */
  posicion: number;
  glossary_id: number;
  idioma: string;
  termino: string;
  termino_plegado: string;
  estado: TermStatus;
  /** 1 for the term `termino.{idioma}` shows. */
  mostrado: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  glossaries: GlossariesTable;
  glossary_members: GlossaryMembersTable;
  job_locks: JobLocksTable;
  entries: EntriesTable;
  entry_versions: EntryVersionsTable;
  entry_fields: EntryFieldsTable;
  entry_terms: EntryTermsTable;
  tickets: TicketsTable;
  login_codes: LoginCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_confirmation_tokens: EmailConfirmationTokensTable;
  uploads: UploadsTable;
  rate_limit_counters: RateLimitCountersTable;
  login_failures: LoginFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GlossaryRow = Selectable<GlossariesTable>;
export type NewGlossary = Insertable<GlossariesTable>;
export type GlossaryMemberRow = Selectable<GlossaryMembersTable>;
export type TicketRow = Selectable<TicketsTable>;
export type NewTicket = Insertable<TicketsTable>;
export type LoginCodeRow = Selectable<LoginCodesTable>;
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type EmailConfirmationTokenRow = Selectable<EmailConfirmationTokensTable>;
export type EntryRow = Selectable<EntriesTable>;
export type NewEntry = Insertable<EntriesTable>;
export type EntryVersionRow = Selectable<EntryVersionsTable>;
export type EntryFieldRow = Selectable<EntryFieldsTable>;
