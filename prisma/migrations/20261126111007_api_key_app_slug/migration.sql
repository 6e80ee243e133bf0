-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "appSlug" TEXT;
