import { Button, Card, Group, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { paths } from '../../lib/paths.ts';
import { useSessionUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import {
  dismissSetupChecklist,
  setupChecklistQueryKey,
  setupChecklistQueryOptions,
} from './api/setup-checklist.ts';
import { SETUP_STEP_LINKS } from './components/setup-steps.ts';

/**
 * /dashboard/setup (issue 31): the new owner's checklist, where sign-up lands. Each row ticks itself
 * off from the store's data (GET /setup/checklist) and links to where it is done; "Hide checklist"
 * takes it off Home for the store (it stays reachable here). The owner's alone: staff go home.
 */
export function SetupPage() {
  const { t } = useTranslation('dashboard');
  const user = useSessionUser('tenant');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checklist = useQuery({ ...setupChecklistQueryOptions(), enabled: user?.role === 'admin' });
  const dismiss = useMutation({
    mutationFn: dismissSetupChecklist,
    onSuccess: (data) => {
      queryClient.setQueryData(setupChecklistQueryKey, data);
      toast.success(t('setup.dismissed'));
      void navigate(paths.dashboard.home);
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });
  if (!user) return null;
  if (user.role !== 'admin') return <Navigate to={paths.dashboard.home} replace />;

  const data = checklist.data;
  const done = data?.steps.filter((s) => s.done).length ?? 0;
  const total = data?.steps.length ?? 0;
  return (
    <Stack gap={0}>
      <PageHeader
        title={t('setup.title')}
        description={data ? t('setup.progress', { done, total }) : t('setup.subtitle')}
        actions={
          data &&
          !data.dismissed && (
            <Button variant="default" onClick={() => dismiss.mutate()} loading={dismiss.isPending}>
              {data.complete ? t('setup.finish') : t('setup.dismiss')}
            </Button>
          )
        }
      />
      {checklist.isPending ? (
        <Loading />
      ) : !data ? (
        <LoadError message={t('setup.error')} />
      ) : (
        <Stack gap="md" maw={760}>
          <Progress
            value={total ? (done / total) * 100 : 0}
            size="lg"
            radius="xl"
            aria-label={t('setup.progress', { done, total })}
          />
          {data.complete && (
            <Text fw={600} c="teal.8" role="status">
              {t('setup.complete')}
            </Text>
          )}
          <Card withBorder radius="lg" padding={0} component="ol" m={0} style={{ listStyle: 'none' }}>
            {data.steps.map((step, i) => (
              <Group
                key={step.key}
                component="li"
                data-testid="setup-step"
                data-step={step.key}
                data-done={step.done}
                wrap="nowrap"
                gap="md"
                px="md"
                py="sm"
                style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              >
                <ThemeIcon
                  radius="xl"
                  size={32}
                  color={step.done ? 'teal.8' : 'gray.2'}
                  c={step.done ? undefined : 'gray.8'}
                  aria-hidden
                >
                  {step.done ? (
                    <IconCheck size={18} />
                  ) : (
                    <Text fw={700} fz="sm">
                      {i + 1}
                    </Text>
                  )}
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} td={step.done ? 'line-through' : undefined}>
                    {t(`setup.step.${step.key}`)}
                    <VisuallyHidden> ({step.done ? t('setup.done') : t('setup.todo')})</VisuallyHidden>
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t(`setup.hint.${step.key}`)}
                  </Text>
                </Stack>
                <Button
                  component={Link}
                  to={SETUP_STEP_LINKS[step.key]}
                  variant={step.done ? 'subtle' : 'light'}
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  aria-label={`${t(`setup.step.${step.key}`)}: ${step.done ? t('setup.review') : t('setup.go')}`}
                  style={{ flexShrink: 0 }}
                >
                  {step.done ? t('setup.review') : t('setup.go')}
                </Button>
              </Group>
            ))}
          </Card>
        </Stack>
      )}
    </Stack>
  );
}
