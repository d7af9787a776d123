import {
  REVIEW_STATES,
  TERM_STATUSES,
  type ReviewState,
  type TermStatus,
} from '@ludoterm/contract';

/** Advanced search's filters: entries holding a term of a status, or in a review state. */
export interface SearchFilters {
  estadoTermino?: TermStatus;
  estadoRevision?: ReviewState;
}

/**
 * What the user asked /buscar for, kept in the page's URL so a reload, the back button or a
 * shared link shows the same search: `?termino=&subindice=` (quick) or `?campo=&valor=`
 * (advanced).
 */
export type SearchRequest =
  | { kind: 'quick'; termino: string; subindice: string }
  | ({ kind: 'advanced'; campo: string; valor: string } & SearchFilters);

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** The request a page URL holds, or null when it holds none. */
export function requestFromParams(params: URLSearchParams): SearchRequest | null {
  const campo = params.get('campo')?.trim() ?? '';
  const valor = params.get('valor')?.trim() ?? '';
  if (campo && valor) {
    const estadoTermino = oneOf(TERM_STATUSES, params.get('estado_termino'));
    const estadoRevision = oneOf(REVIEW_STATES, params.get('estado_revision'));
    return {
      kind: 'advanced',
      campo,
      valor,
      ...(estadoTermino && { estadoTermino }),
      ...(estadoRevision && { estadoRevision }),
    };
  }
  const termino = params.get('termino')?.trim() ?? '';
  const subindice = params.get('subindice')?.trim() ?? '';
  if (termino || subindice) return { kind: 'quick', termino, subindice };
  return null;
}

function setFilters(params: URLSearchParams, filters: SearchFilters) {
  if (filters.estadoTermino) params.set('estado_termino', filters.estadoTermino);
  if (filters.estadoRevision) params.set('estado_revision', filters.estadoRevision);
}

/** The page URL's query for a request. */
export function paramsFromRequest(request: SearchRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.kind === 'advanced') {
    params.set('campo', request.campo);
    params.set('valor', request.valor);
    setFilters(params, request);
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
    setFilters(params, request);
  } else {
    if (request.termino) params.set('termino', request.termino);
    if (request.subindice) params.set('subindice_like', request.subindice);
  }
  params.set('pagina', String(pagina));
  params.set('por_pagina', String(porPagina));
  return params.toString();
}
