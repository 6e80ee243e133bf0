-- The one stock rule (src/domain/pricing): a product sold through variants counts only its active
-- variants that track inventory. Stored rows were written summing every variant.
UPDATE "Product" AS p
SET "stock" = COALESCE(
  (SELECT SUM(v."stock") FROM "Variant" AS v WHERE v."productId" = p."id" AND v."isActive" AND v."trackInventory"),
  0
)::integer
WHERE EXISTS (SELECT 1 FROM "Variant" AS v WHERE v."productId" = p."id" AND v."isActive");
