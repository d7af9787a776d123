import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function CopySection() {
  return (
    <GuideSection
      id="guia-copiar"
      title="Copiar Entradas"
      to={paths.copy}
      linkLabel="Ir a Copiar Entradas"
    >
      <Text>
        Elige un glosario de origen y uno de destino con los mismos dos idiomas (en cualquier
        dirección: es→en puede copiarse a en→es), marca las entradas que quieras o «Seleccionar
        todo» y pulsa «Copiar».
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Las entradas cuyos dos términos ya existen en el destino (sin contar mayúsculas ni tildes)
          se omiten para no crear duplicados, y el mensaje dice cuántas.
        </List.Item>
        <List.Item>
          Cada copia recuerda de qué entrada y versión procede; su autor es quien la copia, y los
          comentarios privados no viajan con ella.
        </List.Item>
        <List.Item>
          También puedes copiar desde «Entradas» (modo «Copiar entradas») y desde cada resultado de
          «Buscar» con «Copiar a otro glosario».
        </List.Item>
      </List>
    </GuideSection>
  );
}
