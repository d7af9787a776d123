import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LegalSection } from './legal-page.tsx';

const data = [
  {
    what: 'Correo electrónico',
    why: 'Identificarte al iniciar sesión y enviarte los avisos de tu cuenta (códigos de verificación, restablecer la contraseña).',
  },
  {
    what: 'Contraseña',
    why: 'Comprobar que eres tú. Solo guardamos un resumen cifrado (argon2id), nunca la contraseña.',
  },
  {
    what: 'Nombre visible',
    why: 'Mostrarlo en la cabecera y como autor de las entradas que creas. Es opcional.',
  },
  {
    what: 'Avatar',
    why: 'Mostrar tu imagen junto a tu nombre. Es opcional y puedes cambiarlo cuando quieras.',
  },
  {
    what: 'Glosarios y entradas',
    why: 'Es el contenido que gestionas: lo guardamos con su historial de versiones para que puedas recuperarlo.',
  },
  {
    what: 'Tickets de soporte',
    why: 'Atender tus consultas: descripción, correo de contacto opcional, captura opcional y la respuesta.',
  },
  {
    what: 'Rol, plan y fechas de la cuenta',
    why: 'Saber qué funciones tienes disponibles (por ejemplo, los días de prueba que te quedan).',
  },
  {
    what: 'Registros técnicos',
    why: 'Dirección IP y hora de las peticiones, durante poco tiempo, para la seguridad y los límites contra abusos.',
  },
] as const;

/** /privacidad: the personal data LudoTerm keeps, why, for how long, and the user's rights. */
export function PrivacyPolicy({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      <LegalSection title="Responsable">
        <Text>
          El responsable del tratamiento es quien gestiona esta instalación de LudoTerm. Puedes
          escribir a <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor> para
          cualquier cuestión sobre tus datos.
        </Text>
      </LegalSection>

      <LegalSection title="Qué datos guardamos y para qué">
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Dato</Table.Th>
                <Table.Th scope="col">Para qué lo usamos</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row.what}>
                  <Table.Th scope="row">{row.what}</Table.Th>
                  <Table.Td>{row.why}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text>
          La base del tratamiento es la prestación del servicio que solicitas al crear la cuenta;
          el avatar y el nombre visible se basan en tu consentimiento, que retiras borrándolos.
        </Text>
      </LegalSection>

      <LegalSection title="Quién puede ver tus datos">
        <Text>
          Tus glosarios los ven tú, las personas con quienes los compartes y los administradores
          de la instalación. Tu nombre visible o tu correo aparecen como autor de tus entradas en
          los glosarios compartidos. No vendemos ni cedemos datos a terceros, no mostramos
          publicidad y no usamos tus datos para perfilarte.
        </Text>
        <Text>
          Si la instalación ofrece el acceso con Google y decides usarlo, Google recibe la
          solicitud de inicio de sesión según su propia política de privacidad.
        </Text>
      </LegalSection>

      <LegalSection title="En tu navegador">
        <Text>
          LudoTerm guarda en el almacenamiento local del navegador únicamente los dos
          identificadores de tu sesión, y nada más. Los detalles están en la{' '}
          <Anchor component={Link} to={paths.cookies}>política de cookies</Anchor>.
        </Text>
      </LegalSection>

      <LegalSection title="Cuánto tiempo">
        <Text>
          Conservamos tus datos mientras tengas la cuenta. Los glosarios que eliminas pasan 30
          días en la papelera y después se borran definitivamente. Los registros técnicos se
          eliminan en pocas semanas.
        </Text>
      </LegalSection>

      <LegalSection title="Tus derechos">
        <Text>
          Puedes acceder a tus datos, corregirlos, exportar tus glosarios, oponerte a su
          tratamiento o pedir que se borren (junto con la cuenta) escribiendo a{' '}
          <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor> o abriendo un ticket de
          soporte. Si no quedas satisfecho, puedes reclamar ante la autoridad de protección de
          datos de tu país.
        </Text>
      </LegalSection>
    </>
  );
}
