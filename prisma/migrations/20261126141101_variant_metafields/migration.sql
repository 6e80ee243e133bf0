-- AlterTable
ALTER TABLE "Variant" ADD COLUMN     "metafields" JSONB NOT NULL DEFAULT '{}';
