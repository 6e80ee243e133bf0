-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "inStock" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "Product_storeId_inStock_idx" ON "Product"("storeId", "inStock");
