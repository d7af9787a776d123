/** /buscar — placeholder until its issue lands: the shell shows the title, the page nothing yet. */
export function SearchRoute() {
  return null;
}
