/** What a route declares in its `handle`: the header title of spec section 2. */
export interface RouteHandle {
  title: string;
}

export function titleOf(handle: unknown): string | undefined {
  if (handle !== null && typeof handle === 'object' && 'title' in handle) {
    return typeof handle.title === 'string' ? handle.title : undefined;
  }
  return undefined;
}
