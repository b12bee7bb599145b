import { Anchor, Breadcrumbs, Button, Grid, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { MenuOption } from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmIrreversible, useSaveMutation } from '../../app/mutations.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import {
  deleteMenuItem,
  fetchCategories,
  fetchMenuItem,
  fetchStoreCurrency,
  fetchTaxes,
  menuKeys,
  type OptionKind,
} from './api.ts';
import { ItemDetailsForm } from './components/ItemDetailsForm.tsx';
import { OptionDialog, type OptionDialogState } from './components/OptionDialog.tsx';
import { OptionsSection } from './components/OptionsSection.tsx';
import { PhotoCard } from './components/PhotoCard.tsx';

const LIST_PATH = '/dashboard/settings/menu-items';

/** /dashboard/settings/menu-items/{id}: photo, details, variants and addons of one item. */
export function MenuItemDetailPage() {
  const { t } = useTranslation('menu');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const item = useQuery({ queryKey: menuKeys.item(id), queryFn: () => fetchMenuItem(id), enabled: valid });
  const currency = useQuery({ queryKey: menuKeys.store, queryFn: fetchStoreCurrency });
  const categories = useQuery({ queryKey: menuKeys.categories, queryFn: fetchCategories });
  const taxes = useQuery({ queryKey: menuKeys.taxes, queryFn: fetchTaxes });

  const [expanded, setExpanded] = useState<Record<OptionKind, boolean>>({ variant: false, addon: false });
  const [dialog, setDialog] = useState<OptionDialogState>({ opened: false, kind: 'variant', option: null });
  const openDialog = (kind: OptionKind, option: MenuOption | null) => {
    // The list the new or edited row belongs to unfolds, so the result of the save is in view.
    setExpanded((e) => ({ ...e, [kind]: true }));
    setDialog({ opened: true, kind, option });
  };

  const remove = useSaveMutation({
    mutationFn: deleteMenuItem,
    // Not the item's own key (refetching a deleted item only fails): the list alone is refreshed.
    invalidate: [],
    onSuccess: () => {
      void navigate(LIST_PATH, { replace: true });
      void queryClient.invalidateQueries({ queryKey: menuKeys.items, exact: true });
    },
  });

  const breadcrumbs = (title?: string) => (
    <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
      <Anchor component={Link} to="/dashboard/settings" fz="sm">
        {t('detail.crumbSettings')}
      </Anchor>
      <Anchor component={Link} to={LIST_PATH} fz="sm">
        {t('detail.crumbMenuItems')}
      </Anchor>
      {title !== undefined && (
        <Anchor
          component={Link}
          to={`${LIST_PATH}/${id}`}
          fz="sm"
          c="dimmed"
          aria-current="page"
          maw={260}
          truncate="end"
        >
          {title}
        </Anchor>
      )}
    </Breadcrumbs>
  );

  if (!valid || item.isError || currency.isError || categories.isError || taxes.isError) {
    return (
      <Stack>
        {breadcrumbs()}
        <LoadError message="Error loading details! Please Try Later!" />
      </Stack>
    );
  }
  if (item.isPending || currency.isPending || categories.isPending || taxes.isPending) {
    return (
      <Stack>
        {breadcrumbs()}
        <Loading />
      </Stack>
    );
  }

  const data = item.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {breadcrumbs(data.title)}
        <PageHeader
          title={data.title}
          description={t('detail.subtitle')}
          actions={
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} />}
              loading={remove.isPending}
              onClick={() =>
                confirmIrreversible(
                  () => remove.mutate(data.id),
                  t('detail.deleteTitle', { title: data.title }),
                )
              }
            >
              {t('detail.delete')}
            </Button>
          }
        />
      </Stack>
      <Grid
        type="container"
        breakpoints={{ xs: '460px', sm: '640px', md: '860px', lg: '1100px', xl: '1400px' }}
        gutter="lg"
      >
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <PhotoCard item={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <ItemDetailsForm
            key={data.id}
            item={data}
            currency={currency.data}
            categories={categories.data}
            taxes={taxes.data}
          />
        </Grid.Col>
      </Grid>
      {(['variant', 'addon'] as const).map((kind) => (
        <OptionsSection
          key={kind}
          kind={kind}
          itemId={data.id}
          options={kind === 'variant' ? data.variants : data.addons}
          currency={currency.data}
          expanded={expanded[kind]}
          onToggle={() => setExpanded((e) => ({ ...e, [kind]: !e[kind] }))}
          onAdd={() => openDialog(kind, null)}
          onEdit={(option) => openDialog(kind, option)}
        />
      ))}
      <OptionDialog
        state={dialog}
        itemId={data.id}
        basePrice={data.price}
        currency={currency.data}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}
