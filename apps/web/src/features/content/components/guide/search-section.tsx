import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function SearchSection() {
  return (
    <GuideSection id="guia-buscar" title="Buscar" to={paths.search} linkLabel="Ir a Buscar">
      <Text>
        Busca en todos los glosarios a los que tienes acceso. La búsqueda rápida encuentra un
        término o un subíndice sin distinguir mayúsculas ni tildes; la avanzada busca un valor en
        el campo de la ficha que elijas. Desde cada resultado puedes copiar la entrada a otro
        glosario.
      </Text>
    </GuideSection>
  );
}
