import { queryOptions } from '@tanstack/react-query';
import type { FloorPlan, FloorPlanSave, PlanTable } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { tablesQueryKey } from './get-tables.ts';

/** GET /settings/floor-plan; under the tables' key, so any change to the tables refetches it. */
export const floorPlanSettingsQueryKey = [...tablesQueryKey, 'floor-plan'] as const;

export const floorPlanSettingsQueryOptions = () =>
  queryOptions({
    queryKey: floorPlanSettingsQueryKey,
    queryFn: () => apiRequest<FloorPlan>('/settings/floor-plan'),
  });

/** POST /settings/floor-plan: the tables changed on the editor, their names included. */
export const saveFloorPlan = (tables: PlanTable[]) => {
  const body: FloorPlanSave = {
    tables: tables.map((tb) => ({
      id: tb.id,
      title: tb.table_title,
      x: tb.x,
      y: tb.y,
      width: tb.width,
      height: tb.height,
      shape: tb.shape,
    })),
  };
  return apiRequest<{ message: string }>('/settings/floor-plan', { method: 'POST', body });
};
