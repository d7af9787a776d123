/**
 * What the user asked /buscar for, kept in the page's URL so a reload, the back button or a
 * shared link shows the same search: `?termino=&subindice=` (quick) or `?campo=&valor=`
 * (advanced).
 */
export type SearchRequest =
  | { kind: 'quick'; termino: string; subindice: string }
  | { kind: 'advanced'; campo: string; valor: string };

/** The request a page URL holds, or null when it holds none. */
export function requestFromParams(params: URLSearchParams): SearchRequest | null {
  const campo = params.get('campo')?.trim() ?? '';
  const valor = params.get('valor')?.trim() ?? '';
  if (campo && valor) return { kind: 'advanced', campo, valor };
  const termino = params.get('termino')?.trim() ?? '';
  const subindice = params.get('subindice')?.trim() ?? '';
  if (termino || subindice) return { kind: 'quick', termino, subindice };
  return null;
}

/** The page URL's query for a request. */
export function paramsFromRequest(request: SearchRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.kind === 'advanced') {
    params.set('campo', request.campo);
    params.set('valor', request.valor);
  } else {
    if (request.termino) params.set('termino', request.termino);
    if (request.subindice) params.set('subindice', request.subindice);
  }
  return params;
}

/** The API's query for one page of a request (`GET /buscar`). */
export function apiQueryOf(request: SearchRequest, pagina: number, porPagina: number): string {
  const params = new URLSearchParams();
  if (request.kind === 'advanced') {
    params.set(request.campo, request.valor);
  } else {
    if (request.termino) params.set('termino', request.termino);
    if (request.subindice) params.set('subindice_like', request.subindice);
  }
  params.set('pagina', String(pagina));
  params.set('por_pagina', String(porPagina));
  return params.toString();
}
