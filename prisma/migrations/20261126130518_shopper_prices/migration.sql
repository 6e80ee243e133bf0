-- CreateTable
CREATE TABLE "ShopperPrice" (
    "productId" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "price" DECIMAL(12,2) NOT NULL,
    "offersKey" TEXT NOT NULL,

    CONSTRAINT "ShopperPrice_pkey" PRIMARY KEY ("productId")
);

-- CreateIndex
CREATE INDEX "ShopperPrice_storeId_offersKey_idx" ON "ShopperPrice"("storeId", "offersKey");

-- CreateIndex
CREATE INDEX "ShopperPrice_storeId_price_idx" ON "ShopperPrice"("storeId", "price");

-- AddForeignKey
ALTER TABLE "ShopperPrice" ADD CONSTRAINT "ShopperPrice_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShopperPrice" ADD CONSTRAINT "ShopperPrice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
