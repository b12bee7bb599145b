import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';

// The floor plan (issue 31, docs/floor-plan.md): each floor of the store is one plan, PLAN_WIDTH units
// wide, its tables placed on it in plan units. The screens scale a plan to the space they have, so the
// same plan reads on a 10-inch tablet and on a wall screen; the units are the server's, never pixels.

/** A plan's width in plan units; its height grows with its tables, from PLAN_MIN_HEIGHT. */
export const PLAN_WIDTH = 1200;
export const PLAN_MIN_HEIGHT = 720;
export const PLAN_MAX_HEIGHT = 2400;
/** Tables snap to this grid as they are dragged or resized. */
export const PLAN_GRID = 20;
/** A table's side: big enough to tap on a tablet at the plan's scale, small enough to fit a room. */
export const TABLE_MIN_SIZE = 80;
export const TABLE_MAX_SIZE = 480;
export const TABLE_DEFAULT_SIZE = 140;
export const TABLE_SHAPES = ['square', 'round'] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/** Where a table sits on its floor's plan, in plan units. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

const GRID_COLUMNS = 6;
const GRID_STEP = 200;
const GRID_MARGIN = 40;

/**
 * Where the `index`-th table of a floor (by id) sits until the owner places it: a grid of six across,
 * so a store's existing tables appear laid out on the plan the day it arrives.
 */
export function defaultPlacement(index: number): Placement {
  const column = index % GRID_COLUMNS;
  const row = Math.floor(index / GRID_COLUMNS);
  return {
    x: GRID_MARGIN + column * GRID_STEP,
    y: Math.min(GRID_MARGIN + row * GRID_STEP, PLAN_MAX_HEIGHT - TABLE_DEFAULT_SIZE),
    width: TABLE_DEFAULT_SIZE,
    height: TABLE_DEFAULT_SIZE,
  };
}

/** The height a plan shows: room for its lowest table and a margin, at least PLAN_MIN_HEIGHT. */
export function planHeight(tables: readonly Placement[]): number {
  const bottom = Math.max(0, ...tables.map((t) => t.y + t.height));
  return Math.min(PLAN_MAX_HEIGHT, Math.max(PLAN_MIN_HEIGHT, bottom + GRID_MARGIN));
}

/** A length rounded to the plan's grid. */
export function snapToGrid(value: number): number {
  return Math.round(value / PLAN_GRID) * PLAN_GRID;
}

/** A placement kept inside the plan and the size limits (what a drag or a resize may produce). */
export function clampPlacement(p: Placement): Placement {
  const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
  const width = clamp(p.width, TABLE_MIN_SIZE, TABLE_MAX_SIZE);
  const height = clamp(p.height, TABLE_MIN_SIZE, TABLE_MAX_SIZE);
  return {
    width,
    height,
    x: clamp(p.x, 0, PLAN_WIDTH - width),
    y: clamp(p.y, 0, PLAN_MAX_HEIGHT - height),
  };
}

const OUTSIDE = 'A table must stay inside the plan!';
const BAD_SIZE = `A table's width and height must be ${TABLE_MIN_SIZE} to ${TABLE_MAX_SIZE}!`;
const whole = (message: string) => z.number({ error: message }).int({ error: message });

/** One table as the plan editor saves it; `title` renames it (the Store Tables rule). */
export const planTableSchema = z
  .object({
    id: z.number({ error: 'Invalid request!' }).int().positive(),
    title: requiredText('Please provide Title!', 120, 'Title is too long!').optional(),
    x: whole(OUTSIDE).min(0, { error: OUTSIDE }),
    y: whole(OUTSIDE).min(0, { error: OUTSIDE }),
    width: whole(BAD_SIZE).min(TABLE_MIN_SIZE, { error: BAD_SIZE }).max(TABLE_MAX_SIZE, { error: BAD_SIZE }),
    height: whole(BAD_SIZE).min(TABLE_MIN_SIZE, { error: BAD_SIZE }).max(TABLE_MAX_SIZE, { error: BAD_SIZE }),
    shape: z.enum(TABLE_SHAPES, { error: 'A table is round or square!' }),
  })
  .refine((t) => t.x + t.width <= PLAN_WIDTH && t.y + t.height <= PLAN_MAX_HEIGHT, {
    error: OUTSIDE,
  });

/** POST /settings/floor-plan: the tables the editor moved, resized, reshaped or renamed. */
export const floorPlanSaveSchema = z.object({
  tables: z
    .array(planTableSchema, { error: 'Invalid request!' })
    .min(1, { error: 'Nothing to save!' })
    .max(1000, { error: 'Too many tables!' })
    .refine((list) => new Set(list.map((t) => t.id)).size === list.length, {
      error: 'A table is listed twice!',
    }),
});
export type FloorPlanSave = z.input<typeof floorPlanSaveSchema>;

/** A table on the plan: the Store Tables fields and its placement. */
export const planTableResponse = z.object({
  id: z.number(),
  table_title: z.string(),
  floor: z.string(),
  seating_capacity: z.number(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  shape: z.enum(TABLE_SHAPES),
});
export type PlanTable = z.infer<typeof planTableResponse>;

/** GET /settings/floor-plan: every table, placed (the editor groups them by floor). */
export const floorPlanResponse = z.object({ tables: z.array(planTableResponse) });
export type FloorPlan = z.infer<typeof floorPlanResponse>;

// Live state (Table Orders' plan) ----------------------------------------------------------------

/**
 * What a table shows the floor, most urgent last: free; ordered; waiting long (a dish still to make was
 * sent more than WAITING_LONG_MINUTES ago); food ready (a dish made and not yet served); bill printed
 * (every open order's receipt printed: the guests are paying).
 */
export const TABLE_STATES = ['free', 'ordered', 'waiting_long', 'food_ready', 'bill_printed'] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const WAITING_LONG_MINUTES = 20;

/** An open order at a table, as the state rule reads it. */
export interface OpenOrderAtTable {
  createdAt: Date;
  receiptPrintedAt: Date | null;
  items: { status: string; createdAt: Date }[];
}

/**
 * A table's state and since when it is seated (its oldest open order), from its open orders. A bill
 * printed and then added to reads as ordered again (the printed bill is out of date). Ready wins over
 * waiting long: a runner carrying out one dish is the action the table needs first.
 */
export function tableStateOf(
  orders: readonly OpenOrderAtTable[],
  now: Date,
): { state: TableState; seatedAt: Date | null } {
  if (orders.length === 0) return { state: 'free', seatedAt: null };
  const seatedAt = new Date(Math.min(...orders.map((o) => o.createdAt.getTime())));
  if (orders.every((o) => o.receiptPrintedAt !== null)) return { state: 'bill_printed', seatedAt };
  const items = orders.flatMap((o) => o.items);
  if (items.some((i) => i.status === 'completed')) return { state: 'food_ready', seatedAt };
  const longAgo = now.getTime() - WAITING_LONG_MINUTES * 60_000;
  const waiting = items.some(
    (i) => (i.status === 'created' || i.status === 'preparing') && i.createdAt.getTime() <= longAgo,
  );
  return { state: waiting ? 'waiting_long' : 'ordered', seatedAt };
}

/** A table on Table Orders' plan: placed, with its state and since when it is seated. */
export const livePlanTableResponse = planTableResponse.extend({
  state: z.enum(TABLE_STATES),
  seated_at: z.string().nullable(),
});
export type LivePlanTable = z.infer<typeof livePlanTableResponse>;

/** GET /orders/floor-plan: `now` is the server's clock, so a tablet's wrong clock shows the right minutes. */
export const liveFloorPlanResponse = z.object({ now: z.string(), tables: z.array(livePlanTableResponse) });
export type LiveFloorPlan = z.infer<typeof liveFloorPlanResponse>;

/** The floors of a plan in the order a store reads them: by name, numbers in number order. */
export function floorsOf(tables: readonly { floor: string }[]): string[] {
  return [...new Set(tables.map((t) => t.floor))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }),
  );
}
