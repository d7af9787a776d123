import { Anchor, List, Text } from '@mantine/core';
import { LegalSection } from './legal-page.tsx';

/** /terminos: conditions of use, the Lite, Pro and Institutional plans, the BETA status. */
export function TermsOfUse({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      <LegalSection title="Aceptación">
        <Text>
          Al crear una cuenta o usar LudoTerm aceptas estos términos. Si no estás de acuerdo con
          ellos, no uses el servicio.
        </Text>
      </LegalSection>

      <LegalSection title="Tu cuenta">
        <List spacing="xs">
          <List.Item>Cada cuenta es personal: no compartas tu contraseña.</List.Item>
          <List.Item>
            Eres responsable de lo que se haga con tu cuenta; si sospechas un acceso indebido,
            cambia la contraseña y avísanos.
          </List.Item>
          <List.Item>
            La primera cuenta de cada instalación es la de su administrador, que gestiona los
            usuarios, sus roles y sus planes.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Planes">
        <List spacing="xs">
          <List.Item>
            <strong>Lite</strong> (gratuito, «FREE» en la aplicación): glosarios, entradas,
            búsqueda, copia, importación y exportación, con límites de uso. No incluye el extractor
            de términos.
          </List.Item>
          <List.Item>
            <strong>Pro</strong>: todas las funciones, incluido el extractor de términos. Las
            cuentas nuevas empiezan con un periodo de prueba de Pro; cuando termina, la cuenta
            sigue funcionando con las condiciones de Lite hasta que un administrador cambie su plan.
          </List.Item>
          <List.Item>
            <strong>Institucional</strong>: para universidades, centros de formación y equipos de
            traducción, con cuentas gestionadas por la institución y condiciones acordadas con
            ella.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Uso aceptable">
        <Text>No está permitido:</Text>
        <List spacing="xs">
          <List.Item>subir contenido sobre el que no tengas derechos o que sea ilícito;</List.Item>
          <List.Item>intentar acceder a cuentas o glosarios ajenos o eludir la seguridad;</List.Item>
          <List.Item>
            enviar peticiones automáticas masivas que perjudiquen el servicio a los demás.
          </List.Item>
        </List>
        <Text>El incumplimiento puede llevar a suspender la cuenta.</Text>
      </LegalSection>

      <LegalSection title="Servicio en BETA">
        <Text>
          LudoTerm está en fase BETA y se ofrece tal como está, sin garantía de disponibilidad ni
          de ausencia de errores. Las funciones pueden cambiar. Exporta con regularidad tus
          glosarios importantes.
        </Text>
      </LegalSection>

      <LegalSection title="Cambios y contacto">
        <Text>
          Si estos términos cambian, lo indicaremos con la fecha de actualización de esta página.
          Para cualquier duda escribe a{' '}
          <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
        </Text>
      </LegalSection>
    </>
  );
}
