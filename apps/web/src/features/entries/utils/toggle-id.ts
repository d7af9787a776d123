/** A copy of `ids` with `id` added, or removed if it was there (state sets stay immutable). */
export function toggleId(ids: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
