import type { Glossary, GlossaryAccess, TrashItem } from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';

type Named = Pick<Glossary, 'nombre' | 'idioma_origen' | 'idioma_meta'>;

/** 'RPG (es → en)' as plain text (the selector's options); pages use <GlossaryName>. */
export function glossaryTitle(glossary: Named): string {
  const pair = format(es.glossaries.languages, {
    source: glossary.idioma_origen,
    target: glossary.idioma_meta,
  });
  return `${glossary.nombre} (${pair})`;
}

/** 'RPG (es→en)', as the lists of /crear show a glossary. */
export function glossaryCompactTitle(glossary: Named): string {
  const pair = format(es.create.languagePair, {
    source: glossary.idioma_origen,
    target: glossary.idioma_meta,
  });
  return `${glossary.nombre} (${pair})`;
}

export function accessLabel(acceso: GlossaryAccess): string {
  if (acceso === 'propietario') return es.glossaries.accessOwner;
  if (acceso === 'editor') return es.glossaries.accessEditor;
  if (acceso === 'revisor') return es.glossaries.accessRevisor;
  return es.glossaries.accessReader;
}

export function entriesLabel(count: number): string {
  return plural(es.glossaries.entriesCount, count);
}

export function daysLeftLabel(item: Pick<TrashItem, 'dias_restantes'>): string {
  return plural(es.create.daysLeft, item.dias_restantes);
}

export const canEdit = (glossary: Pick<Glossary, 'acceso'>) => glossary.acceso !== 'lector';
export const canManage = (glossary: Pick<Glossary, 'acceso'>) => glossary.acceso === 'propietario';
