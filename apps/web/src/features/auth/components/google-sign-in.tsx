import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { es, format } from '@ludoterm/contract/messages/es';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { useGoogleSignIn } from '../api/google-sign-in.ts';
import { emailInIdToken, loadGoogleIdentity } from '../utils/google-identity.ts';
import { FormError } from './form-error.tsx';
import { PasswordField } from './password-field.tsx';

export interface GoogleSignInProps {
  /** GOOGLE_CLIENT_ID as `GET /health` answers it. */
  clientId: string;
  onSignedIn: () => void;
  /** The button's wording: 'signup_with' on /register. */
  text?: 'signin_with' | 'signup_with' | 'continue_with';
}

/**
 * Google's own button (their script, loaded only here). The credential goes to
 * `POST /auth/google`; when an account with that e-mail already exists, its password is asked
 * once to link the two.
 */
export function GoogleSignIn({ clientId, onSignedIn, text = 'continue_with' }: GoogleSignInProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [linking, setLinking] = useState<{ idToken: string; email: string | null } | null>(null);
  const [password, setPassword] = useState('');
  const signIn = useGoogleSignIn();
  const { mutateAsync, reset } = signIn;
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  });

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            reset();
            mutateAsync({ id_token: credential }).then(
              () => onSignedInRef.current(),
              (error: unknown) => {
                if (error instanceof ApiError && error.code === 'ACCOUNT_LINK_REQUIRED') {
                  setLinking({ idToken: credential, email: emailInIdToken(credential) });
                }
              },
            );
          },
        });
        google.accounts.id.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          text,
          locale: 'es',
          width: Math.min(360, container.current.clientWidth || 360),
        });
        setStatus('ready');
      })
      .catch(() => !cancelled && setStatus('failed'));
    return () => {
      cancelled = true;
    };
  }, [clientId, text, mutateAsync, reset]);

  const handleLink = async () => {
    if (!linking || !password) return;
    const done = await mutateAsync({ id_token: linking.idToken, password }).then(
      () => true,
      () => false,
    );
    if (done) onSignedIn();
  };

  if (linking) {
    return (
      // Not a <form>: the button sits inside the sign-in form, and forms cannot nest.
      <div role="group" aria-labelledby="titulo-vincular">
        <Stack gap="sm">
          <Title order={2} size="h4" id="titulo-vincular">
            {es.google.linkTitle}
          </Title>
          <Text size="sm">{format(es.google.linkHelp, { email: linking.email ?? '' })}</Text>
          <PasswordField
            label={es.login.password}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void handleLink();
              }
            }}
          />
          {!(signIn.error instanceof ApiError && signIn.error.code === 'ACCOUNT_LINK_REQUIRED') && (
            <FormError error={signIn.error} />
          )}
          <Group gap="xs">
            <Button
              onClick={() => void handleLink()}
              loading={signIn.isPending}
              disabled={!password}
            >
              {es.google.linkSubmit}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setLinking(null);
                setPassword('');
                reset();
              }}
            >
              {es.google.linkCancel}
            </Button>
          </Group>
        </Stack>
      </div>
    );
  }

  return (
    <Stack gap="xs" align="center">
      {status === 'loading' && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {es.google.loading}
          </Text>
        </Group>
      )}
      {status === 'failed' && (
        <Text size="sm" c="dimmed" ta="center">
          {es.google.unavailable}
        </Text>
      )}
      <div
        ref={container}
        style={{
          width: '100%',
          display: 'flex',
          justifyContent: 'center',
          minHeight: status === 'ready' ? 44 : 0,
        }}
      />
      {!(signIn.error instanceof ApiError && signIn.error.code === 'ACCOUNT_LINK_REQUIRED') && (
        <FormError error={signIn.error} />
      )}
    </Stack>
  );
}
