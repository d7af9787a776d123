/** /usuarios — placeholder until its issue lands: the shell shows the title, the page nothing yet. */
export function UsersRoute() {
  return null;
}
