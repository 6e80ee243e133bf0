-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "carrierName" TEXT,
ADD COLUMN     "customChannel" TEXT,
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3),
ADD COLUMN     "estimatedDeliveryAt" TIMESTAMPTZ(3),
ADD COLUMN     "externalRef" TEXT,
ADD COLUMN     "shippedAt" TIMESTAMPTZ(3),
ADD COLUMN     "trackingNumber" TEXT,
ADD COLUMN     "trackingUrl" TEXT;
