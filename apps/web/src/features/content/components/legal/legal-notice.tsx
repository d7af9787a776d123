import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LegalSection } from './legal-page.tsx';

/** /legal: who offers the service, what it is, ownership of content and liability. */
export function LegalNotice({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      <LegalSection title="Quién ofrece el servicio">
        <Text>
          LudoTerm es una aplicación web de gestión terminológica de origen académico. Cada
          instalación la gestiona la persona o la institución que la pone a disposición de sus
          usuarios (en adelante, «el responsable»), que atiende cualquier consulta en{' '}
          <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
        </Text>
      </LegalSection>

      <LegalSection title="Objeto">
        <Text>
          LudoTerm permite crear, importar, editar, buscar, copiar, extraer y exportar glosarios
          bilingües y fichas terminológicas, con un enfoque especial en la terminología de los
          videojuegos. Su uso está sujeto a los{' '}
          <Anchor component={Link} to={paths.terms}>términos de uso</Anchor>, a la{' '}
          <Anchor component={Link} to={paths.privacy}>política de privacidad</Anchor> y a la{' '}
          <Anchor component={Link} to={paths.cookies}>política de cookies</Anchor>.
        </Text>
      </LegalSection>

      <LegalSection title="Versión BETA">
        <Text>
          El servicio está en fase BETA: se ofrece tal como está, puede cambiar sin previo aviso y
          puede contener errores o interrumpirse. Te recomendamos exportar con regularidad los
          glosarios que no quieras perder.
        </Text>
      </LegalSection>

      <LegalSection title="Propiedad intelectual">
        <List spacing="xs">
          <List.Item>
            Los glosarios, entradas, textos e imágenes que subes siguen siendo tuyos (o de quien
            tenga sus derechos). Solo los tratamos para prestarte el servicio.
          </List.Item>
          <List.Item>
            Al subir contenido confirmas que tienes derecho a usarlo. Las citas y contextos
            tomados de obras ajenas deben indicar su fuente, como prevé la propia ficha.
          </List.Item>
          <List.Item>
            El nombre LudoTerm, el diseño de la aplicación y el modelo de ficha DocuTerm tal como
            aquí se presenta pertenecen a sus autores.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection title="Responsabilidad">
        <Text>
          El responsable pone los medios razonables para que el servicio funcione y para proteger
          tus datos, pero no garantiza su disponibilidad continua ni responde de las decisiones
          de traducción o terminológicas que se tomen a partir de su contenido. Los enlaces a
          sitios externos se ofrecen solo como referencia.
        </Text>
      </LegalSection>
    </>
  );
}
