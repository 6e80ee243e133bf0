-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "riderAssignedAt" TIMESTAMPTZ(3),
ADD COLUMN     "riderName" TEXT,
ADD COLUMN     "riderPhone" TEXT,
ADD COLUMN     "riderTrackingUrl" TEXT,
ADD COLUMN     "riderVehicle" TEXT;
