-- CreateTable
CREATE TABLE "ShippingZone" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "zoneType" TEXT NOT NULL,
    "countries" TEXT[],
    "stateIds" INTEGER[],
    "areaIds" INTEGER[],
    "currency" CHAR(3) NOT NULL,
    "baseRate" DECIMAL(12,2) NOT NULL,
    "perKgRate" DECIMAL(12,2),
    "minWeightKg" DECIMAL(10,3),
    "maxWeightKg" DECIMAL(10,3),
    "minDays" INTEGER NOT NULL,
    "maxDays" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ShippingZone_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShippingZone_storeId_position_createdAt_id_idx" ON "ShippingZone"("storeId", "position", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "ShippingZone" ADD CONSTRAINT "ShippingZone_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
