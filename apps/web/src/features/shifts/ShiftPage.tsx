import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCashBanknote,
  IconLockOpen,
  IconPrinter,
  IconReceipt,
} from '@tabler/icons-react';
import {
  type CurrentShift,
  type MovementKind,
  type ZReport,
  canDo,
  openShiftSchema,
  shiftMovementSchema,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { zodValidate } from '../../lib/forms.ts';
import { showAmount } from '../../lib/money.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { storeDateTime, storeTime } from '../../lib/store-time.ts';
import { toast } from '../../lib/toast.ts';
import { newUuid } from '../../lib/uuid.ts';
import { openZReport } from '../../lib/z-report-print.ts';
import { currentShiftQueryOptions, fetchZReport, shiftsQueryOptions } from './api/get-shifts.ts';
import { closeShift, moveDrawer, openShift } from './api/mutations.ts';
import { ZReportSummary } from './components/ZReportSummary.tsx';

/**
 * /dashboard/shift (issue 15, docs/shifts.md): open the till with a float, pay in and out with a note,
 * open the drawer without a sale, close with a blind count (the expected amounts show only in the Z
 * report that the close answers), print the Z report; past shifts for admins, REPORTS or MANAGER.
 */
export function ShiftPage() {
  const { t } = useTranslation('shifts');
  const current = useQuery(currentShiftQueryOptions());
  const user = useSessionUser('tenant');
  const history = user !== null && canDo(subjectOf(user), 'shifts.history');
  // The Z report the close just answered, shown until the next shift opens.
  const [closed, setClosed] = useState<ZReport | null>(null);

  if (current.isPending) return <Loading />;
  if (current.isError) return <LoadError message={t('loadError')} />;
  const data = current.data;

  return (
    <Stack gap="lg">
      {data.shift ? (
        <OpenShift data={data} onClosed={setClosed} />
      ) : (
        <>
          <PageHeader title={t('title')} description={t('subtitle')} />
          {closed && <ZReportSummary report={closed} />}
          <OpenForm data={data} onOpened={() => setClosed(null)} />
        </>
      )}
      {history && <History timezone={data.timezone} />}
    </Stack>
  );
}

function OpenForm({ data, onOpened }: { data: CurrentShift; onOpened: () => void }) {
  const { t } = useTranslation('shifts');
  const [key, setKey] = useState(newUuid);
  const form = useForm({ initialValues: { float: '' }, validate: zodValidate(openShiftSchema) });
  const open = useSaveMutation({
    mutationFn: openShift,
    changes: ['shifts'],
    onSuccess: () => {
      setKey(newUuid());
      onOpened();
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg" maw={520}>
      <form noValidate onSubmit={form.onSubmit((v) => open.mutate({ float: v.float, key }))}>
        <Stack>
          <Title order={2} fz="h3">
            {t('open.title')}
          </Title>
          <Text>{t('open.text')}</Text>
          <TextInput
            label={t('open.float', { currency: data.currency.symbol })}
            inputMode="decimal"
            placeholder="0"
            data-autofocus
            {...form.getInputProps('float')}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md" leftSection={<IconLockOpen size={18} />} loading={open.isPending}>
              {t('open.button')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type Dialog = 'pay_in' | 'pay_out' | 'close' | null;

function OpenShift({ data, onClosed }: { data: CurrentShift; onClosed: (report: ZReport) => void }) {
  const { t } = useTranslation('shifts');
  const shift = data.shift!;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [key, setKey] = useState(newUuid);
  const money = (amount: number) => showAmount(amount, data.currency);
  const when = (iso: string) => storeDateTime(iso, data.timezone);
  const openDialog = (next: Dialog) => {
    setKey(newUuid());
    setDialog(next);
  };
  const noSale = useSaveMutation({ mutationFn: moveDrawer, changes: ['shifts'] });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconArrowDownRight size={18} />}
              onClick={() => openDialog('pay_in')}
            >
              {t('payIn.button')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowUpRight size={18} />}
              onClick={() => openDialog('pay_out')}
            >
              {t('payOut.button')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconCashBanknote size={18} />}
              loading={noSale.isPending}
              onClick={() => noSale.mutate({ id: shift.id, body: { kind: 'no_sale' }, key: newUuid() })}
            >
              {t('noSale.button')}
            </Button>
            <Button leftSection={<IconReceipt size={18} />} onClick={() => openDialog('close')}>
              {t('close.button')}
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('openedBy')} value={shift.opened_by} />
        <Fact label={t('openedAt')} value={when(shift.opened_at)} />
        <Fact label={t('float')} value={money(shift.float)} testId="shift-float" />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="md">
        <Title order={2} fz="h4" mb="sm">
          {t('movements.title')}
        </Title>
        {data.movements.length === 0 ? (
          <Text c="dimmed">{t('movements.empty')}</Text>
        ) : (
          <Table striped verticalSpacing="sm" data-testid="movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('movements.at')}</Table.Th>
                <Table.Th>{t('movements.kind')}</Table.Th>
                <Table.Th ta="right">{t('movements.amount')}</Table.Th>
                <Table.Th>{t('movements.note')}</Table.Th>
                <Table.Th>{t('movements.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.movements.map((m) => (
                <Table.Tr key={m.id} data-testid="movement-row">
                  <Table.Td>{storeTime(m.at, data.timezone)}</Table.Td>
                  <Table.Td>{t(`kind.${m.kind}`)}</Table.Td>
                  <Table.Td ta="right">{m.kind === 'no_sale' ? '' : money(m.amount)}</Table.Td>
                  <Table.Td>{m.note}</Table.Td>
                  <Table.Td>{m.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {(dialog === 'pay_in' || dialog === 'pay_out') && (
        <MovementDialog
          kind={dialog}
          shiftId={shift.id}
          idempotencyKey={key}
          symbol={data.currency.symbol}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'close' && (
        <CloseDialog
          data={data}
          idempotencyKey={key}
          onClose={() => setDialog(null)}
          onClosed={(report) => {
            setDialog(null);
            onClosed(report);
          }}
        />
      )}
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label} data-testid={testId}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function MovementDialog(props: {
  kind: Extract<MovementKind, 'pay_in' | 'pay_out'>;
  shiftId: number;
  idempotencyKey: string;
  symbol: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('shifts');
  const form = useForm({
    initialValues: { kind: props.kind, amount: '', note: '' },
    validate: zodValidate(shiftMovementSchema),
  });
  const move = useSaveMutation({ mutationFn: moveDrawer, changes: ['shifts'], onSuccess: props.onClose });
  const prefix = props.kind === 'pay_in' ? 'payIn' : 'payOut';
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t(`${prefix}.title`)}
      submitLabel={t(`${prefix}.submit`)}
      loading={move.isPending}
      onSubmit={form.onSubmit((body) => move.mutate({ id: props.shiftId, body, key: props.idempotencyKey }))}
    >
      <TextInput
        label={t('movements.amountLabel', { currency: props.symbol })}
        inputMode="decimal"
        data-autofocus
        {...form.getInputProps('amount')}
      />
      <Textarea label={t('movements.noteLabel')} autosize minRows={2} {...form.getInputProps('note')} />
    </FormModal>
  );
}

function CloseDialog(props: {
  data: CurrentShift;
  idempotencyKey: string;
  onClose: () => void;
  onClosed: (report: ZReport) => void;
}) {
  const { t } = useTranslation('shifts');
  const { data } = props;
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = useSaveMutation({
    mutationFn: closeShift,
    changes: ['shifts'],
    onSuccess: (result) => props.onClosed(result.report),
  });
  const submit = () => {
    const missing: Record<string, string> = {};
    for (const line of data.tenders) {
      const value = (counts[line.key] ?? '').trim();
      if (line.is_cash && value === '') missing[line.key] = t('close.countCash');
      else if (value !== '' && !/^\d+(\.\d+)?$/.test(value)) missing[line.key] = t('close.invalid');
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = {
      counts: data.tenders
        .filter((line) => (counts[line.key] ?? '').trim() !== '')
        .map((line) => ({ key: line.key, counted: (counts[line.key] ?? '').trim() })),
    };
    close.mutate({ id: data.shift!.id, body, key: props.idempotencyKey });
  };
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={t('close.title')}
      submitLabel={t('close.submit')}
      loading={close.isPending}
      onSubmit={(event) => {
        event?.preventDefault();
        submit();
      }}
    >
      <Text>{t('close.text')}</Text>
      {data.tenders.map((line, index) => (
        <TextInput
          key={line.key}
          label={
            <>
              {line.title}
              {line.is_cash && (
                <Badge size="sm" variant="light" color="teal" component="span" ml={6}>
                  {t('close.drawer')}
                </Badge>
              )}
            </>
          }
          description={line.is_cash ? t('close.cashHint') : t('close.otherHint')}
          inputMode="decimal"
          withAsterisk={line.is_cash}
          data-autofocus={index === 0 ? true : undefined}
          data-testid={`count-${line.key}`}
          value={counts[line.key] ?? ''}
          error={errors[line.key]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setCounts((c) => ({ ...c, [line.key]: value }));
          }}
        />
      ))}
    </FormModal>
  );
}

function History({ timezone }: { timezone: string }) {
  const { t } = useTranslation('shifts');
  const list = useQuery(shiftsQueryOptions());
  const [busy, setBusy] = useState<number | null>(null);
  const reprint = async (id: number, paper: 80 | 'a4') => {
    setBusy(id);
    try {
      openZReport(await fetchZReport(id), paper);
    } catch (error) {
      toast.fromError(error, t('loadError'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="lg" padding="md">
      <Title order={2} fz="h4" mb="sm">
        {t('history.title')}
      </Title>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError message={t('loadError')} />
      ) : list.data.shifts.length === 0 ? (
        <EmptyState icon={IconReceipt} title={t('history.empty')} withCard={false} />
      ) : (
        <Table striped verticalSpacing="sm" data-testid="shift-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.opened')}</Table.Th>
              <Table.Th>{t('history.closed')}</Table.Th>
              <Table.Th>{t('history.status')}</Table.Th>
              <Table.Th ta="right">{t('history.zReport')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.shifts.map((s) => (
              <Table.Tr key={s.id} data-testid="shift-row">
                <Table.Td>
                  {storeDateTime(s.opened_at, timezone)} · {s.opened_by}
                </Table.Td>
                <Table.Td>
                  {s.closed_at ? `${storeDateTime(s.closed_at, timezone)} · ${s.closed_by ?? ''}` : ''}
                </Table.Td>
                <Table.Td>
                  <Badge color={s.status === 'open' ? 'teal' : 'gray'} variant="light">
                    {t(`status.${s.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="sm"
                      variant="default"
                      leftSection={<IconPrinter size={16} />}
                      loading={busy === s.id}
                      aria-label={t('history.print80For', { id: s.id })}
                      onClick={() => void reprint(s.id, 80)}
                    >
                      80 mm
                    </Button>
                    <Button
                      size="sm"
                      variant="default"
                      aria-label={t('history.printA4For', { id: s.id })}
                      onClick={() => void reprint(s.id, 'a4')}
                    >
                      A4
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
