import { Anchor, Group, Text } from '@mantine/core';
import { loginInputSchema } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLogin } from '../api/login.ts';
import { CredentialsForm, type CredentialsPageFormProps } from './credentials-form.tsx';

/** /login: e-mail and password, then the code step when the account asks for one. */
export function LoginForm({ onSignedIn, identitySlot }: CredentialsPageFormProps) {
  const login = useLogin();
  return (
    <CredentialsForm
      mutation={login}
      schema={loginInputSchema}
      titleId="titulo-login"
      title={es.login.title}
      submitLabel={es.login.submit}
      passwordProps={{ autoComplete: 'current-password' }}
      afterPassword={
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {es.login.forgot}
          </Anchor>
        </Group>
      }
      footer={
        <Text ta="center" size="sm">
          {es.login.noAccount}{' '}
          <Anchor component={Link} to={paths.register}>
            {es.login.register}
          </Anchor>
        </Text>
      }
      onSignedIn={onSignedIn}
      identitySlot={identitySlot}
    />
  );
}
