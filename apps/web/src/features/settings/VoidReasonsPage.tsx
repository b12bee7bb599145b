import { IconReceiptOff } from '@tabler/icons-react';
import { voidReasonSchema } from '@comanda/core';
import { voidReasonsQueryOptions } from '../../lib/void-reasons.ts';
import { addVoidReason, deleteVoidReason, updateVoidReason } from './api/mutations.ts';
import { TitleListPage } from './TitleListPage.tsx';

/**
 * /dashboard/settings/void-reasons: why a sent line is voided, an order cancelled or an invoice
 * refunded. Voids and refunds copy the title, so renaming or deleting one never changes the past.
 */
export function VoidReasonsPage() {
  return (
    <TitleListPage
      ns={{
        title: 'voidReasons.title',
        subtitle: 'voidReasons.subtitle',
        add: 'voidReasons.add',
        update: 'voidReasons.update',
        empty: 'voidReasons.empty',
        emptyAction: 'voidReasons.emptyAction',
        column: 'voidReasons.column',
      }}
      query={voidReasonsQueryOptions()}
      changes="void_reason"
      add={addVoidReason}
      update={({ id, title }) => updateVoidReason({ id, title })}
      remove={deleteVoidReason}
      addSchema={voidReasonSchema}
      updateSchema={voidReasonSchema}
      testId="void-reason-row"
      emptyIcon={IconReceiptOff}
    />
  );
}
