/** /crear — placeholder until its issue lands: the shell shows the title, the page nothing yet. */
export function CreateRoute() {
  return null;
}
