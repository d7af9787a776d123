// The users module's public face: accounts as other modules read them.
export { displayNameOf, effectivePlan, toUserView } from './user-view.ts';
export { findUserByEmail, findUserById } from './users.repository.ts';
export { countUsers, updateUser } from './admin-users.repository.ts';
