import { useState } from 'react';

/** The add/update dialog state of a list screen: closed, adding, or editing one row. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ opened: boolean; editing: T | null }>({
    opened: false,
    editing: null,
  });
  return {
    opened: state.opened,
    editing: state.editing,
    openAdd: () => setState({ opened: true, editing: null }),
    openEdit: (row: T) => setState({ opened: true, editing: row }),
    close: () => setState((s) => ({ ...s, opened: false })),
  };
}
