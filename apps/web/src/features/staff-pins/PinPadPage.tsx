import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconBackspace } from '@tabler/icons-react';
import { homePathFor } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { paths } from '../../lib/paths.ts';
import { storeUser, subjectOf, useSessionUser } from '../../lib/session.ts';
import { errorText } from '../../lib/toast.ts';
import { Loading } from '../../components/LoadState.tsx';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';
import { pinPadQueryOptions, pinSignin } from './api.ts';
import { rememberPinSession } from '../../lib/store-device.ts';

const PIN_MAX = 8;
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * /pin, a store device's PIN pad (docs/staff-pins.md): the staff who have a PIN as tiles; a tap on a
 * name, the PIN on the keypad (or the keyboard), and that person lands on their work screen.
 */
export function PinPadPage() {
  const { t } = useTranslation('staffPins');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSessionUser('tenant');
  const pad = useQuery(pinPadQueryOptions());
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(pad.data?.store.name || t('pad.title'));

  const signin = useMutation({
    mutationFn: pinSignin,
    onSuccess: async (res) => {
      rememberPinSession(res.device);
      queryClient.clear();
      storeUser('tenant', res.user);
      await navigate(homePathFor(subjectOf(res.user)), { replace: true });
    },
    onError: (e) => {
      setPin('');
      setError(errorText(e, t('pad.unavailable')));
    },
  });

  const type = (digit: string) => {
    setError(null);
    setPin((p) => (p.length < PIN_MAX ? p + digit : p));
  };
  const submit = () => {
    if (chosen && pin.length >= 4 && !signin.isPending) signin.mutate({ userId: chosen.id, pin });
  };

  const choose = (person: { id: number; name: string } | null) => {
    setChosen(person);
    setPin('');
    setError(null);
  };

  // A keyboard works too (a tablet with a keyboard, a laptop at the bar).
  useEffect(() => {
    if (!chosen) return;
    const onKey = (e: KeyboardEvent) => {
      if (/^\d$/.test(e.key)) type(e.key);
      else if (e.key === 'Backspace') setPin((p) => p.slice(0, -1));
      else if (e.key === 'Enter') submit();
      else if (e.key === 'Escape') choose(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });


  if (signedIn && !signin.isPending) return <Navigate to={homePathFor(subjectOf(signedIn))} replace />;
  // Revoked (or never a store device): the server forgot its cookies; the e-mail sign-in it is.
  if (pad.isError) return <Navigate to={paths.login} replace />;

  return (
    <>
      <SkipLink />
      <Box
        mih="100vh"
        style={{ background: 'linear-gradient(160deg, var(--mantine-color-orange-0) 0%, #fff 55%)' }}
      >
        <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" p="md">
          {pad.isPending ? (
            <Loading />
          ) : (
            <Stack w="100%" maw={chosen ? 400 : 760} gap="lg">
              <Stack gap={2} align="center">
                <Title order={1} fz={{ base: 24, sm: 28 }} ta="center">
                  {pad.data.store.name || t('pad.title')}
                </Title>
                <Text c="dimmed" fz="sm" ta="center">
                  {t('pad.device', { device: pad.data.device.name })}
                </Text>
              </Stack>
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm">
                {chosen ? (
                  <Stack gap="md">
                    <Group justify="space-between" wrap="nowrap">
                      <Title order={2} fz="lg">
                        {t('pad.enterPin', { name: chosen.name })}
                      </Title>
                    </Group>
                    <Group
                      justify="center"
                      gap="sm"
                      mih={24}
                      role="status"
                      aria-label={t('pad.pinDots', { count: pin.length })}
                      data-testid="pin-dots"
                    >
                      {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
                        <Box
                          key={i}
                          w={16}
                          h={16}
                          style={{
                            borderRadius: '50%',
                            border: '2px solid var(--mantine-color-orange-7)',
                            background: i < pin.length ? 'var(--mantine-color-orange-7)' : 'transparent',
                          }}
                        />
                      ))}
                    </Group>
                    {error && (
                      <Alert color="red" role="alert" variant="light">
                        {error}
                      </Alert>
                    )}
                    <SimpleGrid cols={3} spacing="sm">
                      {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
                        <Button key={d} size="xl" h={64} variant="default" fz={26} onClick={() => type(d)}>
                          {d}
                        </Button>
                      ))}
                      <Button h={64} px={0} fz="md" variant="subtle" color="gray" onClick={() => setPin('')}>
                        {t('pad.clear')}
                      </Button>
                      <Button size="xl" h={64} variant="default" fz={26} onClick={() => type('0')}>
                        0
                      </Button>
                      <Button
                        size="xl"
                        h={64}
                        variant="subtle"
                        color="gray"
                        aria-label={t('pad.delete')}
                        onClick={() => setPin((p) => p.slice(0, -1))}
                      >
                        <IconBackspace size={28} aria-hidden />
                      </Button>
                    </SimpleGrid>
                    <Button
                      size="xl"
                      h={60}
                      onClick={submit}
                      disabled={pin.length < 4}
                      loading={signin.isPending}
                    >
                      {t('pad.signIn')}
                    </Button>
                    <Button
                      variant="subtle"
                      mih={44}
                      leftSection={<IconArrowLeft size={18} aria-hidden />}
                      onClick={() => choose(null)}
                    >
                      {t('pad.back')}
                    </Button>
                  </Stack>
                ) : (
                  <Stack gap="md">
                    <Stack gap={2}>
                      <Title order={2} fz="lg">
                        {t('pad.title')}
                      </Title>
                      <Text c="dimmed" fz="sm">
                        {t('pad.subtitle')}
                      </Text>
                    </Stack>
                    {pad.data.staff.length === 0 ? (
                      <Text>{t('pad.noStaff')}</Text>
                    ) : (
                      <SimpleGrid
                        cols={{ base: 2, sm: 3, md: 4 }}
                        spacing="sm"
                        component="ul"
                        aria-label={t('pad.staffList')}
                        style={{ listStyle: 'none', padding: 0, margin: 0 }}
                      >
                        {pad.data.staff.map((person) => (
                          <li key={person.id}>
                            <UnstyledButton
                              onClick={() => choose(person)}
                              w="100%"
                              mih={96}
                              p="sm"
                              style={{
                                border: '1px solid var(--mantine-color-gray-4)',
                                borderRadius: 12,
                                background: '#fff',
                              }}
                            >
                              <Stack gap={6} align="center">
                                <Avatar
                                  src={person.photo}
                                  alt=""
                                  radius="xl"
                                  size={44}
                                  color="orange"
                                  variant="filled"
                                >
                                  {initials(person.name)}
                                </Avatar>
                                <Text fw={700} ta="center" lineClamp={2}>
                                  {person.name}
                                </Text>
                              </Stack>
                            </UnstyledButton>
                          </li>
                        ))}
                      </SimpleGrid>
                    )}
                  </Stack>
                )}
              </Paper>
              <Center>
                <Anchor component={Link} to={`${paths.login}?email=1`} fz="sm" c="dark.6" py="sm">
                  {t('pad.emailSignIn')}
                </Anchor>
              </Center>
            </Stack>
          )}
        </Center>
      </Box>
    </>
  );
}
