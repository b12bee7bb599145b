import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@comanda/core';
import classes from './landing.module.css';

/** 'Have any queries?' with a mail link to support (SPEC §2). */
export function ContactBanner() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="contact"
      className={classes.section}
      aria-labelledby="contact-title"
      py={{ base: 56, sm: 80 }}
    >
      <Container size="lg">
        <Box className={classes.contactBanner} px={{ base: 'lg', sm: 48 }} py={{ base: 36, sm: 48 }}>
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={6} maw={560}>
              <Title id="contact-title" order={2} c="white" fz={{ base: 26, sm: 32 }}>
                {t('contact.title')}
              </Title>
              <Text c="orange.0" fz={{ base: 'md', sm: 'lg' }}>
                {t('contact.text')}
              </Text>
            </Stack>
            <Button
              component="a"
              href={`mailto:${SUPPORT_EMAIL}`}
              size="lg"
              variant="white"
              color="orange.8"
              leftSection={<IconMail size={20} aria-hidden />}
            >
              {t('contact.cta')}
            </Button>
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
