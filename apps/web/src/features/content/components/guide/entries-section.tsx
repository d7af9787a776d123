import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function EntriesSection() {
  return (
    <GuideSection id="guia-entradas" title="Entradas" to={paths.entries} linkLabel="Ir a Entradas">
      <Text>
        Elige un glosario para ver sus fichas. Cada ficha se despliega para mostrar todos sus
        campos, con el autor y la fecha de creación.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Añade entradas, edítalas en el sitio y ordénalas de la A a la Z o al revés.</List.Item>
        <List.Item>
          El historial guarda cada versión de una ficha; puedes restaurar cualquiera de ellas.
        </List.Item>
        <List.Item>
          Selecciona varias entradas para copiarlas a otro glosario o eliminarlas; un aviso te
          permite deshacer el borrado.
        </List.Item>
      </List>
    </GuideSection>
  );
}
