import { Anchor, Code, Stack, Table, Text, Title } from '@mantine/core';
import { cardFields } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './content.module.css';

/**
 * The card of an es → en glossary, as the contract defines it, then the private comments: not
 * a card field (never searched nor copied), but every entry form offers them.
 */
const fields = [
  ...cardFields('es', 'en'),
  {
    id: 'comentarios_privados',
    label: es.entries.privateComments,
    descripcion: `Comentarios de trabajo sobre la entrada. ${es.entries.privateCommentsHelp} No se buscan ni se copian a otros glosarios.`,
  },
];

/** /docuterm: the DocuTerm card model, one row per field of the contract's definition. */
export function DocutermTable() {
  return (
    <Stack gap="lg">
      <Stack gap="xs" className={classes.prose}>
        <Text>
          Cada entrada de LudoTerm es una ficha del modelo DocuTerm, adaptado de un modelo de
          documentación para usos terminológicos. La tabla muestra sus campos en el orden en que
          aparecen en la ficha, para un glosario de español (es) a inglés (en).
        </Text>
        <Text>
          Los campos de término, contexto y fuente del contexto siguen las dos lenguas de cada
          glosario: en un glosario de francés a alemán son <Code>termino.fr</Code> y{' '}
          <Code>termino.de</Code>, <Code>contexto_fr</Code> y <Code>contexto_de</Code>, etc.{' '}
          <Code>definicion</Code> es la definición en la lengua base y{' '}
          <Code>definicion_de</Code>, la de la lengua meta. El
          identificador es el nombre del campo en las importaciones, las exportaciones y la
          búsqueda avanzada. El autor y la fecha de creación los anota LudoTerm y no se editan.
        </Text>
      </Stack>

      {/* A phone gets one card per field; wider screens the table. */}
      <Stack gap="sm" hiddenFrom="sm" component="ul" className={classes.fieldList}>
        {fields.map((field) => (
          <li key={field.id} className={classes.card}>
            <Text fw={700}>{field.label}</Text>
            <Text className={classes.fieldId} c="dimmed">
              {field.id}
            </Text>
            <Text size="sm" mt={4}>
              {field.descripcion}
            </Text>
          </li>
        ))}
      </Stack>

      <Table.ScrollContainer minWidth={560} visibleFrom="sm">
        <Table striped withTableBorder verticalSpacing="sm" highlightOnHover>
          <Table.Caption>Campos de la ficha DocuTerm (glosario es → en)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Campo</Table.Th>
              <Table.Th scope="col">Etiqueta</Table.Th>
              <Table.Th scope="col">Descripción</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field.id}>
                <Table.Td className={classes.fieldId}>{field.id}</Table.Td>
                <Table.Th scope="row" fw={600}>
                  {field.label}
                </Table.Th>
                <Table.Td>{field.descripcion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={2} size="h4">
        Cómo rellenar una buena ficha
      </Title>
      <Text className={classes.prose}>
        Basta con el término en las dos lenguas para crear una entrada, pero una ficha es más útil
        cuanto más documentada está: un contexto real con su fuente justifica el equivalente y la
        sección de cuestiones traductológicas explica las decisiones a quien venga después. Puedes
        ver cómo se trabaja con las fichas en la{' '}
        <Anchor component={Link} to={paths.guide}>
          guía rápida
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
