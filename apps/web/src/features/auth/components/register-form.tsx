import { Anchor, Text } from '@mantine/core';
import { PASSWORD_MIN, registerInputSchema } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useRegister } from '../api/register.ts';
import { CredentialsForm, type CredentialsPageFormProps } from './credentials-form.tsx';

/** /register: e-mail and a password of at least 8 characters, then an automatic sign-in. */
export function RegisterForm({ onSignedIn, identitySlot }: CredentialsPageFormProps) {
  const registration = useRegister();
  return (
    <CredentialsForm
      mutation={registration}
      schema={registerInputSchema}
      titleId="titulo-registro"
      title={es.register.title}
      submitLabel={es.register.submit}
      passwordProps={{
        autoComplete: 'new-password',
        description: es.register.passwordHelp,
        minLength: PASSWORD_MIN,
      }}
      footer={
        <Text ta="center" size="sm">
          <Anchor component={Link} to={paths.login}>
            {es.register.haveAccount}
          </Anchor>
        </Text>
      }
      onSignedIn={onSignedIn}
      identitySlot={identitySlot}
    />
  );
}
