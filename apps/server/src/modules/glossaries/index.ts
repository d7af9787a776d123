// The glossaries module's public face: who may do what in a glossary.
export { visibleGlossaryIds } from './glossaries.repository.ts';
export { claimInvitations, pendingInvitationCount } from './glossary-members.service.ts';
export {
  authorizeGlossary,
  type GlossaryAction,
  type GlossaryPermission,
} from './glossary.policy.ts';
