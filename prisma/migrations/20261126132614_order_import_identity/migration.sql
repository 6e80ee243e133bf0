-- CreateIndex
CREATE UNIQUE INDEX "Order_storeId_customChannel_externalRef_key" ON "Order"("storeId", "customChannel", "externalRef");
