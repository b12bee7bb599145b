-- A tenant's category titles are unique, ignoring case: two "Drinks" make the POS filter and the menu
-- ambiguous. Existing duplicates are renamed first ("Drinks (2)", in creation order, skipping any
-- number whose name is already taken), so no item loses its category and the index can be built.
DO $$
DECLARE
  dup record;
  n int;
BEGIN
  FOR dup IN
    SELECT tenant_id, id, title
    FROM (
      SELECT tenant_id, id, title,
             row_number() OVER (PARTITION BY tenant_id, lower(title) ORDER BY id) AS rank
      FROM categories
    ) ranked
    WHERE rank > 1
    ORDER BY tenant_id, id
  LOOP
    n := 2;
    WHILE EXISTS (
      SELECT 1 FROM categories
      WHERE tenant_id = dup.tenant_id AND lower(title) = lower(dup.title || ' (' || n || ')')
    ) LOOP
      n := n + 1;
    END LOOP;
    UPDATE categories SET title = dup.title || ' (' || n || ')'
    WHERE tenant_id = dup.tenant_id AND id = dup.id;
  END LOOP;
END $$;

CREATE UNIQUE INDEX categories_tenant_title_key ON categories (tenant_id, lower(title));
