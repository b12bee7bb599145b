/** Product constants shown on several screens (SPEC §9). */
export const APP_VERSION = '1.2.0';
/** Monthly subscription price in US cents. */
export const PLAN_PRICE_CENTS = 500;
export const PLAN_FEATURES = [
  'Unlimited Orders',
  'Reports',
  'Unlimited Devices',
  'Live Kitchen Orders',
] as const;
export const SUPPORT_EMAIL = 'support@comanda.app';
