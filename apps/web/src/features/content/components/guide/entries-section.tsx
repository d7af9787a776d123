import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function EntriesSection() {
  return (
    <GuideSection id="guia-entradas" title="Entradas" to={paths.entries} linkLabel="Ir a Entradas">
      <Text>
        Elige un glosario en las tarjetas de arriba (puedes filtrarlas con «Buscar glosario...»).
        Sus fichas aparecen en el orden del idioma base —en español, la ñ va después de la n— y cada
        una se despliega para mostrar todos sus campos, con el autor y la fecha de creación.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          El buscador encuentra el texto en el término de los dos idiomas y en el subíndice, sin
          importar mayúsculas ni tildes; el botón A–Z / Z–A invierte el orden.
        </List.Item>
        <List.Item>
          «Añadir entrada» abre una ficha vacía; «Editar» la cambia en el sitio. El autor y la fecha
          de creación no se pueden cambiar.
        </List.Item>
        <List.Item>
          «Historial» muestra la «Versión inicial» y cada versión posterior; «Restaurar» vuelve a
          guardar esa versión como la más reciente, así que nunca se pierde ninguna.
        </List.Item>
        <List.Item>
          «Copiar entradas» y «Eliminar entradas» activan la selección: marca fichas (o «Seleccionar
          todo») y confirma. Tras borrar, un aviso ofrece «Restaurar», que recupera las mismas
          fichas con su historial, o «Descartar».
        </List.Item>
        <List.Item>
          Los comentarios privados solo los ven quien creó la ficha y la persona propietaria del
          glosario. En un glosario compartido contigo como lector puedes consultar y copiar, pero no
          cambiar nada.
        </List.Item>
      </List>
    </GuideSection>
  );
}
