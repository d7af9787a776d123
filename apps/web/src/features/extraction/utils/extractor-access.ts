import type { User } from '@ludoterm/contract';

/**
 * Whether the extractor is open to the user (spec section 6, CONTRACT.md): the pro plan, or a
 * pro trial with days left. The free plan and an ended trial see the spec's message instead
 * of the form; the server refuses them too.
 */
export function canUseExtractor(user: Pick<User, 'plan' | 'trial_remaining'>): boolean {
  if (user.plan === 'pro') return true;
  return user.plan === 'pro_trial' && (user.trial_remaining ?? 0) > 0;
}
