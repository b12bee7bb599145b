import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';
import { ContactBanner } from './components/ContactBanner.tsx';
import { Features } from './components/Features.tsx';
import { Hero } from './components/Hero.tsx';
import { LandingFooter } from './components/LandingFooter.tsx';
import { LandingHeader } from './components/LandingHeader.tsx';
import { Pricing } from './components/Pricing.tsx';

/** The public product page at / (SPEC §2 Landing page). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('documentTitle'));
  return (
    <Box bg="white" mih="100vh">
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_ID} tabIndex={-1}>
        <Hero />
        <Features />
        <Pricing />
        <ContactBanner />
      </main>
      <LandingFooter />
    </Box>
  );
}
