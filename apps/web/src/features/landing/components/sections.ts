/** The landing page's sections, linked from the header and from the mobile menu. */
export const SECTIONS = [
  { href: '#features', key: 'nav.features' },
  { href: '#pricing', key: 'nav.pricing' },
  { href: '#contact', key: 'nav.contact' },
] as const;
