import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  chakra,
  Field,
  Heading,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { loginSchema } from '../../../shared/auth/schemas';
import { useShellLogin } from '../../prerender/use-shell-login';
import {
  preloadAfterLogin,
  preloadAfterLoginWhenIdle,
  warmSyncWorkerForSignIn,
} from '../../routes/load-router';
import { errorMessage } from '../../session/api-error';
import { useSession } from '../../session/use-session';
import { IconCoin } from '../../ui/icon-coin';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * docs/producto.md §2 login. Validated with the server's own schema so the messages match; the browser's bubbles are
 * turned off (noValidate) because they would speak the browser's language, not Spanish. After a successful
 * sign-in the router moves on; on failure the typed values stay.
 *
 * index.html carries this screen prerendered (vite.config.ts, prerenderShell), so the form is there before any
 * script runs: the first render takes over what was typed in it, the focus and a submit already pressed.
 * method="post" keeps a password out of the address bar if the form is ever sent without the app running.
 */
export function LoginPage() {
  const { signIn } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useShellLogin(formRef);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => preloadAfterLoginWhenIdle(), []);

  const update = (name: 'email' | 'password') => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(loginSchema, values);
    if (!parsed.success) {
      const nested = v.flatten<typeof loginSchema>(parsed.issues).nested;
      setFieldErrors({ email: nested?.email?.[0], password: nested?.password?.[0] });
      return;
    }
    setFieldErrors({});
    setError(null);
    setBusy(true);
    void preloadAfterLogin(); // in parallel with the login call, in case the idle preload has not run yet
    warmSyncWorkerForSignIn();
    try {
      await signIn(parsed.output);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <Center as="main" minH="100dvh" px="4" py="8" bg="bg.subtle">
      <Card.Root w="full" maxW="sm" variant="elevated" borderRadius="xl">
        <Card.Body gap="6" p={{ base: '5', md: '8' }}>
          <Stack gap="2" align="center" textAlign="center">
            <Box color="teal.700" fontSize="5xl" lineHeight="1">
              <IconCoin />
            </Box>
            <Heading as="h1" size="2xl" color="teal.800">
              Sistema de Préstamos
            </Heading>
            <Text color="fg.muted">Ingresa tus credenciales para continuar</Text>
          </Stack>

          <form ref={formRef} method="post" onSubmit={submit} noValidate aria-label="Iniciar sesión">
            <Stack gap="4">
              {error && (
                <Alert.Root status="error" borderRadius="md" data-testid="login-error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
              <Field.Root invalid={Boolean(fieldErrors.email)}>
                <Field.Label>Correo electrónico</Field.Label>
                <Input
                  type="email"
                  name="email"
                  required
                  autoComplete="username"
                  placeholder="usuario@empresa.mx"
                  value={values.email}
                  onChange={update('email')}
                  size="lg"
                />
                <Field.ErrorText>{fieldErrors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(fieldErrors.password)}>
                <Field.Label>Contraseña</Field.Label>
                <Input
                  type="password"
                  name="password"
                  required
                  autoComplete="current-password"
                  value={values.password}
                  onChange={update('password')}
                  size="lg"
                />
                <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" size="lg" w="full" disabled={busy} aria-busy={busy}>
                {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
              </Button>
            </Stack>
          </form>

          <Box
            bg="teal.50"
            borderWidth="1px"
            borderColor="teal.200"
            color="teal.900"
            borderRadius="md"
            px="4"
            py="3"
            fontSize="sm"
            textAlign="center"
            data-testid="login-demo-hint"
          >
            Usuario de prueba:{' '}
            <chakra.span whiteSpace="nowrap" fontWeight="semibold">
              admin@demo.mx / demo1234
            </chakra.span>
          </Box>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
