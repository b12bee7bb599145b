import { addCategorySchema, updateCategorySchema } from '@comanda/core';
import { addCategory, deleteCategory, fetchCategories, settingsKeys, updateCategory } from './api.ts';
import { TitleListPage } from './TitleListPage.tsx';

/** /dashboard/settings/menu-items/categories. */
export function CategoriesPage() {
  return (
    <TitleListPage
      ns={{
        title: 'categories.title',
        subtitle: 'categories.subtitle',
        add: 'categories.add',
        update: 'categories.update',
        empty: 'categories.empty',
        column: 'common.title',
      }}
      queryKey={settingsKeys.categories}
      fetch={fetchCategories}
      add={addCategory}
      update={({ id, title }) => updateCategory({ id, title })}
      remove={deleteCategory}
      addSchema={addCategorySchema}
      updateSchema={updateCategorySchema}
      testId="category-row"
    />
  );
}
