import { z } from 'zod';
import { planSchema, roleSchema, userSchema } from './auth.ts';
import { lineText, paginationQuerySchema } from './common.ts';

export const ADMIN_PAGE_SIZE = 5;

export const adminUserSchema = userSchema.extend({
  trial_ends_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersQuerySchema = paginationQuerySchema.extend({
  /** Case-insensitive substring of the e-mail. */
  email: lineText(z.string().max(254)).optional(),
});

export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const updateUserInputSchema = z
  .object({ role: roleSchema.optional(), plan: planSchema.optional() })
  .refine((u) => u.role !== undefined || u.plan !== undefined, {
    error: 'Indica un rol o un plan.',
  });
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;
