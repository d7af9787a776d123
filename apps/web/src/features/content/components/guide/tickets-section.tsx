import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function TicketsSection() {
  return (
    <GuideSection id="guia-tickets" title="Tickets de soporte" to={paths.tickets} linkLabel="Abrir un ticket">
      <Text>
        ¿Algo no funciona o tienes una idea? Abre un ticket con una descripción y, si quieres, una
        captura de pantalla. Verás su estado y la respuesta del equipo en la misma página.
      </Text>
    </GuideSection>
  );
}
