import { z } from 'zod';

/**
 * The guided setup's steps (issue 31, docs/setup.md), in the order a new owner does them. Each is
 * ticked from the store's own data by GET /setup/checklist; none is stored.
 */
export const SETUP_STEPS = [
  'storeDetails',
  'tax',
  'categories',
  'items',
  'tables',
  'paymentTypes',
  'staff',
  'testOrder',
] as const;

export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /setup/checklist: each step and whether the store's data already shows it done. */
export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** The owner hid the checklist (POST /setup/dismiss): the home screen stops offering it. */
  dismissed: z.boolean(),
  /** Every step is done: the home screen stops offering it too. */
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
