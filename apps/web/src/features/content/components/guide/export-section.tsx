import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function ExportSection() {
  return (
    <GuideSection id="guia-exportar" title="Exportar" to={paths.export} linkLabel="Ir a Exportar">
      <Text>
        Descarga un glosario en JSON, CSV, TMX o PDF. Los tres primeros se pueden volver a
        importar en LudoTerm o abrir en una herramienta de traducción asistida; el PDF está
        pensado para leer e imprimir.
      </Text>
    </GuideSection>
  );
}
