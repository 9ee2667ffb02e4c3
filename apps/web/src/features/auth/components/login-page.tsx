// /login (outside the main layout). A signed-in visitor goes straight to /.
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { useIsSignedIn } from '../../../lib/session';
import { useSignIn } from '../api';
import { LoginForm, loginFailure } from './login-form';
import classes from './login-page.module.css';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const signIn = useSignIn();

  // A generated first password is replaced before anything else (the shell enforces it too).
  const home = signIn.data?.user.must_change_password ? '/change-password' : '/';
  if (signedIn && !signIn.isPending) return <Navigate to={home} replace />;

  return (
    <Center className={classes.page} px="md" py="xl">
      <Paper className={classes.card} p={{ base: 'lg', xs: 'xl' }} radius="lg" shadow="md">
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <Logo size={64} />
            <Title order={1} size="h2" ta="center">
              Sign in
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              Use your work e-mail and password.
            </Text>
          </Stack>
          <LoginForm
            submitting={signIn.isPending}
            error={signIn.isError ? loginFailure(signIn.error) : null}
            onSubmit={(values) =>
              signIn.mutate(values, {
                onSuccess: (session) =>
                  navigate(session.user.must_change_password ? '/change-password' : '/', { replace: true }),
              })
            }
          />
        </Stack>
      </Paper>
    </Center>
  );
}
