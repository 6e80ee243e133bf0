-- AlterTable
ALTER TABLE "Translation" ADD COLUMN     "digests" JSONB NOT NULL DEFAULT '{}';
