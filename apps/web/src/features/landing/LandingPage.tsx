import { Box } from '@mantine/core';
import { ContactBanner } from './components/ContactBanner.tsx';
import { Features } from './components/Features.tsx';
import { Hero } from './components/Hero.tsx';
import { LandingFooter } from './components/LandingFooter.tsx';
import { LandingHeader } from './components/LandingHeader.tsx';
import { Pricing } from './components/Pricing.tsx';

/** The public product page at / (SPEC §2 Landing page). */
export function LandingPage() {
  return (
    <Box bg="white" mih="100vh">
      <LandingHeader />
      <main>
        <Hero />
        <Features />
        <Pricing />
        <ContactBanner />
      </main>
      <LandingFooter />
    </Box>
  );
}
