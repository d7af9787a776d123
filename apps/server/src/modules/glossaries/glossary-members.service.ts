import type { Member, MemberRole } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { findUserByEmail } from '../users/index.ts';
import { findGlossaryOwner } from './glossaries.repository.ts';
import {
  countPendingInvitations,
  deleteMember,
  linkPendingInvitations,
  listMembers,
  upsertMember,
} from './glossary-members.repository.ts';
import { assertCanRemoveMember, authorizeGlossary } from './glossary.policy.ts';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const NOT_A_MEMBER = 'Esa persona no es miembro de este glosario.';

/** `GET /glosarios/{ns}/miembros`: everyone who can see the glossary sees who shares it. */
export async function listGlossaryMembers(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
): Promise<Member[]> {
  const { glossary } = await authorizeGlossary(db, user, nombreSeguro, 'read');
  const rows = await listMembers(db, glossary.id);
  return rows.map((row) => ({
    user_id: row.user_id,
    email: row.email,
    display_name: row.display_name,
    rol: row.rol,
    pendiente: row.user_id === null,
    created_at: row.created_at,
  }));
}

/**
 * `POST /glosarios/{ns}/miembros {email, rol}`: the same answer whether the e-mail has an account
 * or not (no enumeration); re-adding changes the role. Only a proven address is linked at once,
 * others wait for confirmEmailOwnership, so registering someone else's address gains nothing.
 */
export async function addGlossaryMember(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  input: { email: string; rol: MemberRole },
): Promise<void> {
  const { glossary } = await authorizeGlossary(db, user, nombreSeguro, 'manage');
  const email = normalizeEmail(input.email);
  const owner = await findGlossaryOwner(db, glossary.id);
  if (owner && normalizeEmail(owner.owner_email) === email) {
    throw new AppError('VALIDATION_FAILED', 'Esa persona ya es la propietaria del glosario.');
  }
  const account = await findUserByEmail(db, email);
  await upsertMember(db, {
    glossaryId: glossary.id,
    email,
    userId: account?.email_verified_at ? account.id : null,
    rol: input.rol,
    now: nowIso(),
  });
}

/** `DELETE /glosarios/{ns}/miembros/{user_id}` (or `?email=` for a pending invitation). */
export async function removeGlossaryMember(
  db: Kysely<Database>,
  user: UserRow,
  nombreSeguro: string,
  member: { userId: number } | { email: string },
): Promise<void> {
  const permission = await authorizeGlossary(db, user, nombreSeguro, 'read');
  const glossaryId = permission.glossary.id;
  const target = 'userId' in member ? member : { email: normalizeEmail(member.email) };
  // An invitation to the caller's own e-mail is the caller's own membership.
  const isOwnInvitation = 'email' in target && target.email === normalizeEmail(user.email);
  assertCanRemoveMember(
    permission,
    user,
    'userId' in target ? target.userId : isOwnInvitation ? user.id : null,
  );
  if (!(await deleteMember(db, glossaryId, target))) throw new AppError('NOT_FOUND', NOT_A_MEMBER);
}

/** Links the invitations to an account's e-mail, once it proved the address, never before. */
export async function claimInvitations(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<number> {
  return linkPendingInvitations(db, user.id, normalizeEmail(user.email));
}

/** How many active glossaries were shared with the account's address and wait for its proof. */
export async function pendingInvitationCount(
  db: Kysely<Database>,
  user: Pick<UserRow, 'email'>,
): Promise<number> {
  return countPendingInvitations(db, normalizeEmail(user.email));
}
