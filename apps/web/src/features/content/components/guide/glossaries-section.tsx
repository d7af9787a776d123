import { List, Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function GlossariesSection() {
  return (
    <GuideSection id="guia-glosarios" title="Glosarios" to={paths.glossaries} linkLabel="Ir a Glosarios">
      <Text>
        La lista de tus glosarios y de los que otras personas comparten contigo. Cada uno aparece
        como «nombre (lengua base → lengua meta)» con su descripción.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Filtra la lista escribiendo parte del nombre en el buscador.</List.Item>
        <List.Item>Edita la descripción de un glosario y guárdala o cancela el cambio.</List.Item>
        <List.Item>
          Con «Compartir», la persona propietaria da acceso a colegas por su correo electrónico,
          como editores (pueden cambiar entradas y la descripción) o lectores (solo consultan). El
          acceso llega cuando esa persona confirma que el correo es suyo: en Glosarios verá un
          aviso con un botón que le envía un enlace de confirmación.
        </List.Item>
        <List.Item>
          Los glosarios que te comparten como lector aparecen marcados «Solo lectura», sin
          acciones de edición.
        </List.Item>
      </List>
    </GuideSection>
  );
}
