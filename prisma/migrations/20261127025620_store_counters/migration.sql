-- CreateTable
CREATE TABLE "StoreCounter" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "StoreCounter_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StoreCounter_storeId_name_key" ON "StoreCounter"("storeId", "name");

-- AddForeignKey
ALTER TABLE "StoreCounter" ADD CONSTRAINT "StoreCounter_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The order numbers of stores that have taken orders move to their counter rows, the others start with their first order.
INSERT INTO "StoreCounter" ("id", "storeId", "name", "value")
SELECT gen_random_uuid(), "id", 'order', "lastOrderNumber" FROM "Store" WHERE "lastOrderNumber" > 1000;

-- AlterTable
ALTER TABLE "Store" DROP COLUMN "lastOrderNumber";
