import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandGmail,
  IconBrandOffice,
  IconCheck,
  IconClock,
  IconCopy,
  IconHeadset,
  IconMail,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@comanda/core';
import { toast } from '../../lib/toast.ts';

// The address is a constant of safe characters, so it goes into the compose links as it is.
const address = SUPPORT_EMAIL;
const WEB_MAIL = [
  { key: 'support.gmail', icon: IconBrandGmail, href: `https://mail.google.com/mail/?view=cm&to=${address}` },
  {
    key: 'support.outlook',
    icon: IconBrandOffice,
    href: `https://outlook.live.com/mail/0/deeplink/compose?to=${address}`,
  },
] as const;

/** Contact support (SPEC §2), inside both the tenant and the super-admin layouts. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on a LAN); the call then throws.
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setCopied(true);
      toast.success('Copied to clipboard!');
    } catch {
      toast.error('Something went wrong!');
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('support.title')} description={t('support.subtitle')} />

      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs" aria-hidden>
              <IconHeadset size={26} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t('support.emailLabel')}</Text>
              <Group gap={6} wrap="nowrap">
                <Anchor
                  href={`mailto:${SUPPORT_EMAIL}`}
                  fz={{ base: 'md', xs: 'lg' }}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {SUPPORT_EMAIL}
                </Anchor>
                <Tooltip label={copied ? t('support.copied') : t('support.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    size="lg"
                    aria-label={t('support.copy')}
                    onClick={() => void copy()}
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            </div>
          </Group>

          <Paper bg="orange.0" radius="md" p="sm">
            <Group gap="xs" wrap="nowrap">
              <IconClock size={18} color="var(--mantine-color-orange-8)" aria-hidden />
              <Text size="sm" c="orange.9" fw={500}>
                {t('support.replyPromise')}
              </Text>
            </Group>
          </Paper>

          <Stack gap="xs">
            <Text size="sm" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
              {t('support.writeTo')}
            </Text>
            <Group gap="sm">
              <Button
                component="a"
                href={`mailto:${SUPPORT_EMAIL}`}
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<IconMail size={18} aria-hidden />}
              >
                {t('support.defaultApp')}
              </Button>
              {WEB_MAIL.map(({ key, icon: Icon, href }) => (
                <Button
                  key={key}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                  w={{ base: '100%', xs: 'auto' }}
                  leftSection={<Icon size={18} aria-hidden />}
                >
                  {t(key)}
                </Button>
              ))}
            </Group>
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
