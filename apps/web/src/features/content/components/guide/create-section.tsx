import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function CreateSection() {
  return (
    <GuideSection
      id="guia-crear"
      title="Crear / Importar"
      to={paths.create}
      linkLabel="Ir a Crear / Importar"
    >
      <Text>
        Crea un glosario con un nombre, su lengua base y su lengua meta (español, inglés, francés
        o alemán; por defecto, de español a inglés), o importa entradas a uno existente.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Importa archivos CSV, TSV, JSON, TMX o TBX de hasta 10 MB. Si el archivo tiene
          cabeceras, LudoTerm te pide que asignes cada columna a un campo de la ficha.
        </List.Item>
        <List.Item>
          «Seleccionar» elige el glosario al que se importa; «Eliminar» lo envía a la papelera,
          tras confirmarlo.
        </List.Item>
        <List.Item>
          Los glosarios eliminados pasan a la papelera y se pueden restaurar durante 30 días; la
          papelera muestra los días que quedan y, pasado ese plazo, se borran con sus entradas.
        </List.Item>
      </List>
    </GuideSection>
  );
}
