import { es } from '@ludoterm/contract/messages/es';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';
import { ExportForm } from '@/features/transfers/components/export-form.tsx';
import { useSearchParam } from '@/lib/use-search-param.ts';

/** The query parameter that keeps the glossary to export, so a link can preselect it. */
export const EXPORT_GLOSSARY_PARAM = 'glosario';

/** /exportar — Exportar glosario: the glossary (in `?glosario=`), the format and the download. */
export function ExportRoute() {
  const [selected, choose] = useSearchParam(EXPORT_GLOSSARY_PARAM);
  const glossaries = useGlossaries();
  const glossary = glossaries.data?.find((g) => g.nombre_seguro === selected) ?? null;

  return (
    <ExportForm
      glossary={glossary}
      glossaryField={(error) => (
        <GlossarySelector
          label={es.export.glossary}
          value={selected}
          onChange={choose}
          error={error}
          required
        />
      )}
    />
  );
}
