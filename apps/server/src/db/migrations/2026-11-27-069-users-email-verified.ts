import { dateType, type AnyDb } from './helpers.ts';

// When an account proved it owns its address (an e-mailed code or link used, or Google vouching
// for it). Invitations to the address and ADMIN_EMAIL's role wait for it. Accounts that existed
// before start unproven: what they were given at registration stays theirs.

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', dateType(db)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
