import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function DocutermSection() {
  return (
    <GuideSection
      id="guia-docuterm"
      title="La ficha DocuTerm"
      to={paths.docuterm}
      linkLabel="Ver el modelo DocuTerm"
    >
      <Text>
        Todas las entradas comparten el mismo modelo de ficha. Si dudas de qué poner en un campo
        —por ejemplo, la diferencia entre «Variantes» y «Relaciones»—, la descripción de cada
        campo está en la página del modelo.
      </Text>
    </GuideSection>
  );
}
