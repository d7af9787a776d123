import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function CopySection() {
  return (
    <GuideSection id="guia-copiar" title="Copiar Entradas" to={paths.copy} linkLabel="Ir a Copiar Entradas">
      <Text>
        Elige un glosario de origen y uno de destino con el mismo par de lenguas, marca las
        entradas que quieras (o todas) y cópialas. Las entradas cuyo término ya existe en el
        destino se omiten, para no crear duplicados.
      </Text>
    </GuideSection>
  );
}
