import type { MemberRole } from '@ludoterm/contract';
import type { Kysely } from 'kysely';
import type { Database, GlossaryMemberRow } from '../../db/schema.ts';

export interface MemberListRow extends GlossaryMemberRow {
  display_name: string | null;
}

/** A glossary's members with the display name of those who have an account, by e-mail. */
export async function listMembers(
  db: Kysely<Database>,
  glossaryId: number,
): Promise<MemberListRow[]> {
  return db
    .selectFrom('glossary_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.display_name')
    .where('m.glossary_id', '=', glossaryId)
    .orderBy('m.email')
    .execute();
}

/**
 * Adds a member, or changes the role of the one with the same e-mail. `userId` links an account;
 * a pending invitation keeps null until an account proves it owns the address.
 */
export async function upsertMember(
  db: Kysely<Database>,
  values: {
    glossaryId: number;
    email: string;
    userId: number | null;
    rol: MemberRole;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('glossary_members')
    .values({
      glossary_id: values.glossaryId,
      email: values.email,
      user_id: values.userId,
      rol: values.rol,
      created_at: values.now,
    })
    .onConflict((oc) =>
      oc.columns(['glossary_id', 'email']).doUpdateSet((eb) => ({
        rol: eb.ref('excluded.rol'),
        user_id: eb.fn.coalesce(eb.ref('excluded.user_id'), eb.ref('glossary_members.user_id')),
      })),
    )
    .execute();
}

/** Removes a member named by account or, for a pending invitation, by e-mail. */
export async function deleteMember(
  db: Kysely<Database>,
  glossaryId: number,
  member: { userId: number } | { email: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('glossary_members')
    .where('glossary_id', '=', glossaryId)
    .$call((query) =>
      'userId' in member
        ? query.where('user_id', '=', member.userId)
        : query.where('email', '=', member.email),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Links the pending invitations sent to `email` to the account that now has it. */
export async function linkPendingInvitations(
  db: Kysely<Database>,
  userId: number,
  email: string,
): Promise<number> {
  const result = await db
    .updateTable('glossary_members')
    .set({ user_id: userId })
    .where('user_id', 'is', null)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many active glossaries hold an invitation to `email` that no account has claimed yet. */
export async function countPendingInvitations(
  db: Kysely<Database>,
  email: string,
): Promise<number> {
  const { total } = await db
    .selectFrom('glossary_members as m')
    .innerJoin('glossaries as g', 'g.id', 'm.glossary_id')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('m.user_id', 'is', null)
    .where('m.email', '=', email)
    .where('g.eliminado_en', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(total);
}
