import { es } from '@ludoterm/contract/messages/es';
import { useSearchParams } from 'react-router';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';
import { ExportForm } from '@/features/transfers/components/export-form.tsx';

/** The query parameter that keeps the glossary to export, so a link can preselect it. */
export const EXPORT_GLOSSARY_PARAM = 'glosario';

/** /exportar — Exportar glosario: the glossary (in `?glosario=`), the format and the download. */
export function ExportRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get(EXPORT_GLOSSARY_PARAM);
  const glossaries = useGlossaries();
  const glossary = glossaries.data?.find((g) => g.nombre_seguro === selected) ?? null;

  const choose = (nombreSeguro: string | null) =>
    setSearchParams(
      (params) => {
        if (nombreSeguro) params.set(EXPORT_GLOSSARY_PARAM, nombreSeguro);
        else params.delete(EXPORT_GLOSSARY_PARAM);
        return params;
      },
      { replace: true },
    );

  return (
    <ExportForm
      glossary={glossary}
      glossaryField={(error) => (
        <GlossarySelector
          label={es.export.glossary}
          value={selected}
          onChange={(next) => choose(next)}
          error={error}
          required
        />
      )}
    />
  );
}
