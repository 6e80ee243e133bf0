-- AlterTable
ALTER TABLE "OrderTimelineEntry" ADD COLUMN     "sequence" BIGSERIAL NOT NULL;
