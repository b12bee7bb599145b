import { PLAN_WIDTH, type Placement } from '@comanda/core';
import { type CSSProperties, type ReactNode, type Ref, forwardRef } from 'react';

/**
 * A floor's plan drawn at the width it is given (issue 31, docs/floor-plan.md): the box keeps the plan's
 * proportions, and each table is placed in percentages of it (placedStyle), so the plan scales with
 * the screen without re-measuring. Shared by the owner's editor and Table Orders' live plan.
 */
export const FloorPlanCanvas = forwardRef(function FloorPlanCanvas(
  { height, label, children }: { height: number; label: string; children: ReactNode },
  ref: Ref<HTMLDivElement>,
) {
  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      data-testid="floor-plan"
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${PLAN_WIDTH} / ${height}`,
        borderRadius: 'var(--mantine-radius-lg)',
        border: '1px solid var(--mantine-color-default-border)',
        // The plan's grid, one line per 40 units, so the room reads as a floor and snapping is visible.
        backgroundColor: 'var(--mantine-color-body)',
        backgroundImage:
          'linear-gradient(var(--mantine-color-default-border) 1px, transparent 1px), linear-gradient(90deg, var(--mantine-color-default-border) 1px, transparent 1px)',
        backgroundSize: `${(40 / PLAN_WIDTH) * 100}% ${(40 / height) * 100}%`,
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      {children}
    </div>
  );
});

/** Where a table sits inside its FloorPlanCanvas, in percentages of the plan. */
export function placedStyle(p: Placement, planHeight: number, round: boolean): CSSProperties {
  return {
    position: 'absolute',
    left: `${(p.x / PLAN_WIDTH) * 100}%`,
    top: `${(p.y / planHeight) * 100}%`,
    width: `${(p.width / PLAN_WIDTH) * 100}%`,
    height: `${(p.height / planHeight) * 100}%`,
    borderRadius: round ? '50%' : 'var(--mantine-radius-md)',
  };
}
