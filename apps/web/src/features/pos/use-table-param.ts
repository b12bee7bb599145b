import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/dashboard/pos?table=ID`: Table Orders' floor plan opens the POS on a free table (issue 31). The
 * table is chosen once, if the store has it, and the parameter is dropped so a reload does not choose it
 * again over what the waiter picked since.
 */
export function useTableParam(tableIds: readonly number[], choose: (id: number) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('table'));
  useEffect(() => {
    if (!params.has('table')) return;
    if (tableIds.includes(wanted)) choose(wanted);
    setParams(
      (p) => {
        p.delete('table');
        return p;
      },
      { replace: true },
    );
  }, [params, wanted, tableIds, choose, setParams]);
}
