-- A tenant's category titles are unique, ignoring case: two "Drinks" make the POS filter and the menu
-- ambiguous. Existing duplicates are renamed first ("Drinks (2)", in creation order), so no item loses
-- its category and the index can be built.
WITH ranked AS (
  SELECT tenant_id, id,
         row_number() OVER (PARTITION BY tenant_id, lower(title) ORDER BY id) AS n
  FROM categories
)
UPDATE categories c
SET title = c.title || ' (' || r.n || ')'
FROM ranked r
WHERE r.tenant_id = c.tenant_id AND r.id = c.id AND r.n > 1;

CREATE UNIQUE INDEX categories_tenant_title_key ON categories (tenant_id, lower(title));
