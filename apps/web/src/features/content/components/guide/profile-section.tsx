import { Text } from '@mantine/core';
import { paths } from '@/config/paths.ts';
import { GuideSection } from './guide-section.tsx';

export function ProfileSection() {
  return (
    <GuideSection id="guia-perfil" title="Perfil" to={paths.profile} linkLabel="Ir a tu Perfil">
      <Text>
        Consulta tu correo, tu rol y tu plan (y los días de prueba que te quedan), sube un avatar,
        elige el nombre que verán los demás y cierra la sesión. También encontrarás allí tus
        tickets de soporte.
      </Text>
    </GuideSection>
  );
}
