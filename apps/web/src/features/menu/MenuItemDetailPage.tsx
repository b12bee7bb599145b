import { Anchor, Breadcrumbs, Button, Grid, Stack } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { Category, MenuItem, MenuOption, Tax } from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { invalidateResources } from '../../lib/resources.ts';
import { confirmIrreversible } from '../../lib/confirm.ts';
import { useUnsavedChangesWarning } from '../../lib/unsaved-changes.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { paths } from '../../lib/paths.ts';
import { menuItemQueryOptions } from './api/get-menu-items.ts';
import { deleteMenuItem, type OptionKind } from './api/mutations.ts';
import type { StoreCatalogue } from './catalogue.ts';
import { ITEM_FORM_ID, ItemDetailsForm, useItemForm } from './components/ItemDetailsForm.tsx';
import { OptionDialog, type OptionDialogState } from './components/OptionDialog.tsx';
import { OptionsSection } from './components/OptionsSection.tsx';
import { PhotoCard } from './components/PhotoCard.tsx';

const LIST_PATH = paths.dashboard.settings.menuItems;

function Crumbs({ id, title }: { id: number; title?: string }) {
  const { t } = useTranslation('menu');
  return (
    <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
      <Anchor component={Link} to={paths.dashboard.settings.root} fz="sm">
        {t('detail.crumbSettings')}
      </Anchor>
      <Anchor component={Link} to={LIST_PATH} fz="sm">
        {t('detail.crumbMenuItems')}
      </Anchor>
      {title !== undefined && (
        <Anchor
          component={Link}
          to={paths.dashboard.settings.menuItem.to(id)}
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
}

/** /dashboard/settings/menu-items/{id}: photo, details, variants and addons of one item. */
export function MenuItemDetailPage({ catalogue }: { catalogue: StoreCatalogue }) {
  const { t } = useTranslation('menu');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;

  const item = useQuery({ ...menuItemQueryOptions(id), enabled: valid });
  const currency = catalogue.useCurrency();
  const categories = catalogue.useCategories();
  const taxes = catalogue.useTaxes();
  useDocumentTitle(item.data?.title ?? t('detail.crumbMenuItems'));

  if (!valid || item.isError || currency.isError || categories.isError || taxes.isError) {
    return (
      <Stack>
        <Crumbs id={id} />
        <LoadError message="Error loading details! Please Try Later!" />
      </Stack>
    );
  }
  if (item.isPending || currency.isPending || categories.isPending || taxes.isPending) {
    return (
      <Stack>
        <Crumbs id={id} />
        <Loading />
      </Stack>
    );
  }
  return (
    <ItemDetail
      key={item.data.id}
      item={item.data}
      currency={currency.data}
      categories={categories.data}
      taxes={taxes.data}
    />
  );
}

function ItemDetail({
  item: data,
  currency,
  categories,
  taxes,
}: {
  item: MenuItem;
  currency: string;
  categories: Category[];
  taxes: Tax[];
}) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const itemForm = useItemForm(data, currency);
  const [deleted, setDeleted] = useState(false);
  useUnsavedChangesWarning(itemForm.form.isDirty() && !deleted);

  // Lists with rows start open; an empty one stays folded until something is added.
  const [expanded, setExpanded] = useState<Record<OptionKind, boolean>>({
    variant: data.variants.length > 0,
    addon: data.addons.length > 0,
  });
  const [dialog, setDialog] = useState<OptionDialogState>({ opened: false, kind: 'variant', option: null });
  const openDialog = (kind: OptionKind, option: MenuOption | null) => {
    // The list the new or edited row belongs to unfolds, so the result of the save is in view.
    setExpanded((e) => ({ ...e, [kind]: true }));
    setDialog({ opened: true, kind, option });
  };

  const remove = useSaveMutation({
    mutationFn: deleteMenuItem,
    // Nothing is marked stale while this page still shows the item (it would fetch the deleted item
    // again): the menu's answers go stale once the list is on screen.
    changes: [],
    onSuccess: () => {
      setDeleted(true);
      // After the warning is off (the next render), leave for the list.
      setTimeout(() => {
        void navigate(LIST_PATH, { replace: true });
        queryClient.removeQueries({ queryKey: menuItemQueryOptions(data.id).queryKey });
        void invalidateResources(queryClient, ['menu']);
      }, 0);
    },
  });

  return (
    <Stack gap="md">
      <PageHeader
        breadcrumbs={<Crumbs id={data.id} title={data.title} />}
        title={data.title}
        description={t('detail.subtitle')}
        actions={
          <>
            <Button
              variant="subtle"
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
            <Button
              type="submit"
              form={ITEM_FORM_ID}
              loading={itemForm.save.isPending}
              leftSection={<IconDeviceFloppy size={18} />}
            >
              {t('detail.save')}
            </Button>
          </>
        }
      />
      <Grid
        type="container"
        breakpoints={{ xs: '460px', sm: '640px', md: '860px', lg: '1100px', xl: '1400px' }}
        gutter="md"
      >
        <Grid.Col span={{ base: 12, sm: 8 }} order={{ base: 1, sm: 2 }}>
          <ItemDetailsForm itemForm={itemForm} currency={currency} categories={categories} taxes={taxes} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }} order={{ base: 2, sm: 1 }}>
          <PhotoCard item={data} />
        </Grid.Col>
      </Grid>
      {(['variant', 'addon'] as const).map((kind) => (
        <OptionsSection
          key={kind}
          kind={kind}
          itemId={data.id}
          options={kind === 'variant' ? data.variants : data.addons}
          currency={currency}
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
        currency={currency}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}
