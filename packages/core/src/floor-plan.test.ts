import { describe, expect, it } from 'vitest';
import {
  PLAN_MIN_HEIGHT,
  clampPlacement,
  defaultPlacement,
  floorsOf,
  planHeight,
  snapToGrid,
  tableStateOf,
} from './floor-plan.ts';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const order = (minutes: number, statuses: string[], printed = false) => ({
  createdAt: ago(minutes),
  receiptPrintedAt: printed ? ago(0) : null,
  items: statuses.map((status) => ({ status, createdAt: ago(minutes) })),
});

describe('tableStateOf', () => {
  it('is free with no open order, seated since the oldest one otherwise', () => {
    expect(tableStateOf([], now)).toEqual({ state: 'free', seatedAt: null });
    expect(tableStateOf([order(3, ['created']), order(9, ['delivered'])], now)).toEqual({
      state: 'ordered',
      seatedAt: ago(9),
    });
  });

  it('waits long from 20 minutes on for a dish still to make, not for one served', () => {
    expect(tableStateOf([order(19, ['preparing'])], now).state).toBe('ordered');
    expect(tableStateOf([order(20, ['created'])], now).state).toBe('waiting_long');
    expect(tableStateOf([order(45, ['delivered'])], now).state).toBe('ordered');
  });

  it('shows food ready over waiting long, and bill printed over both until an order follows the bill', () => {
    expect(tableStateOf([order(30, ['created', 'completed'])], now).state).toBe('food_ready');
    expect(tableStateOf([order(30, ['created', 'completed'], true)], now).state).toBe('bill_printed');
    expect(tableStateOf([order(30, ['delivered'], true), order(1, ['created'])], now).state).toBe('ordered');
  });
});

describe('plan geometry', () => {
  it('lays unplaced tables six across, snaps to the grid and keeps tables inside the plan', () => {
    expect(defaultPlacement(0)).toEqual({ x: 40, y: 40, width: 140, height: 140 });
    expect(defaultPlacement(7)).toEqual({ x: 240, y: 240, width: 140, height: 140 });
    expect(snapToGrid(49)).toBe(40);
    expect(snapToGrid(51)).toBe(60);
    expect(clampPlacement({ x: -50, y: 5000, width: 10, height: 1000 })).toEqual({
      x: 0,
      y: 1920,
      width: 80,
      height: 480,
    });
    expect(planHeight([])).toBe(PLAN_MIN_HEIGHT);
    expect(planHeight([{ x: 0, y: 1000, width: 100, height: 100 }])).toBe(1140);
    expect(floorsOf([{ floor: 'Floor 10' }, { floor: 'Floor 2' }, { floor: 'Floor 2' }])).toEqual([
      'Floor 2',
      'Floor 10',
    ]);
  });
});
