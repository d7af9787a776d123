import { Code, Table, Text } from '@mantine/core';
import { LegalSection } from './legal-page.tsx';

/** /cookies: no tracking cookies; local storage holds the two session tokens only. */
export function CookiePolicy() {
  return (
    <>
      <LegalSection title="Sin cookies de seguimiento">
        <Text>
          LudoTerm no usa cookies de publicidad, de analítica ni de seguimiento, ni propias ni de
          terceros. Por eso no te pedimos que aceptes ninguna.
        </Text>
      </LegalSection>

      <LegalSection title="Lo que guardamos en tu navegador">
        <Text>
          Para mantener tu sesión abierta, la aplicación guarda dos valores en el almacenamiento
          local del navegador (<em>localStorage</em>). Son imprescindibles para el servicio que
          pides y no sirven para identificarte fuera de LudoTerm.
        </Text>
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nombre</Table.Th>
                <Table.Th scope="col">Para qué sirve</Table.Th>
                <Table.Th scope="col">Duración</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>
                  <Code>access_token</Code>
                </Table.Td>
                <Table.Td>Acredita tu sesión en cada petición al servidor.</Table.Td>
                <Table.Td>Caduca a los 15 minutos y se renueva solo.</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>
                  <Code>refresh_token</Code>
                </Table.Td>
                <Table.Td>Renueva la sesión sin pedirte otra vez la contraseña.</Table.Td>
                <Table.Td>Hasta que cierras la sesión o deja de usarse.</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </LegalSection>

      <LegalSection title="Cómo borrarlos">
        <Text>
          Al pulsar «Salir» se borran los dos valores y la sesión se revoca también en el
          servidor. También puedes borrarlos desde la configuración de tu navegador eliminando los
          datos de este sitio.
        </Text>
      </LegalSection>

      <LegalSection title="Servicios de terceros">
        <Text>
          Solo si la instalación ofrece el acceso con Google y pulsas ese botón se carga el script
          de Google, que aplica su propia política de cookies.
        </Text>
      </LegalSection>
    </>
  );
}
