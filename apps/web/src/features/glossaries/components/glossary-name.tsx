import type { Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';

type Named = Pick<Glossary, 'nombre' | 'idioma_origen' | 'idioma_meta'>;

/**
 * 'name (es → en)' (or 'name (es→en)' when `compact`), the language pair kept on one line
 * so a narrow screen never breaks it after the arrow.
 */
export function GlossaryName({
  glossary,
  compact = false,
}: {
  glossary: Named;
  compact?: boolean;
}) {
  const template = compact ? es.create.languagePair : es.glossaries.languages;
  const pair = format(template, { source: glossary.idioma_origen, target: glossary.idioma_meta });
  return (
    <>
      {glossary.nombre} <span style={{ whiteSpace: 'nowrap' }}>({pair})</span>
    </>
  );
}
