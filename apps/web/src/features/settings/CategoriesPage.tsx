import { addCategorySchema, updateCategorySchema } from '@comanda/core';
import { IconCategory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from './api/get-categories.ts';
import { addCategory, deleteCategory, updateCategory } from './api/mutations.ts';
import { TitleListPage } from './TitleListPage.tsx';

/** /dashboard/settings/menu-items/categories. */
export function CategoriesPage() {
  const { t } = useTranslation('settings');
  return (
    <TitleListPage
      ns={{
        title: 'categories.title',
        subtitle: 'categories.subtitle',
        add: 'categories.add',
        update: 'categories.update',
        empty: 'categories.empty',
        emptyAction: 'categories.emptyAction',
        column: 'common.title',
      }}
      query={categoriesQueryOptions()}
      changes="category"
      add={addCategory}
      update={({ id, title }) => updateCategory({ id, title })}
      remove={deleteCategory}
      addSchema={addCategorySchema}
      updateSchema={updateCategorySchema}
      testId="category-row"
      emptyIcon={IconCategory}
      extraColumn={{ header: 'categories.items', cell: (row) => row.items_count }}
      deleteDetail={(row) =>
        row.items_count > 0 ? t('categories.leaves', { count: row.items_count }) : undefined
      }
    />
  );
}
