-- AlterTable
ALTER TABLE "AppInstallation" ADD COLUMN     "lastReviewImportAt" TIMESTAMPTZ(3);
