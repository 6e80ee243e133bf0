-- AlterTable: every store-owned row names its store, so the store-scoped client can filter options directly.
ALTER TABLE "ProductOption" ADD COLUMN     "storeId" UUID;

-- Backfill from the option's product, then require it.
UPDATE "ProductOption" AS o SET "storeId" = p."storeId" FROM "Product" AS p WHERE p."id" = o."productId";
ALTER TABLE "ProductOption" ALTER COLUMN "storeId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "ProductOption_storeId_idx" ON "ProductOption"("storeId");

-- AddForeignKey
ALTER TABLE "ProductOption" ADD CONSTRAINT "ProductOption_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
