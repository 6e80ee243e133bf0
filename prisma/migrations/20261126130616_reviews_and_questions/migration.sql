-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "QuestionStatus" AS ENUM ('pending', 'published');

-- AlterTable
ALTER TABLE "Store" ADD COLUMN     "autoApproveVerifiedReviews" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reviewCountAll" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewCountVerified" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewStarsAll" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewStarsVerified" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewsVerifiedOnly" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "Review" (
    "id" SERIAL NOT NULL,
    "uid" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "customerId" INTEGER,
    "installationId" INTEGER,
    "source" TEXT,
    "sourceReviewId" TEXT,
    "rating" INTEGER NOT NULL,
    "title" TEXT,
    "body" TEXT,
    "authorName" TEXT NOT NULL,
    "isVerifiedPurchase" BOOLEAN NOT NULL DEFAULT false,
    "status" "ReviewStatus" NOT NULL DEFAULT 'pending',
    "media" JSONB NOT NULL DEFAULT '[]',
    "reply" TEXT,
    "repliedAt" TIMESTAMPTZ(3),
    "submittedAt" TIMESTAMPTZ(3) NOT NULL,
    "editedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Question" (
    "id" SERIAL NOT NULL,
    "uid" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "customerId" INTEGER,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" "QuestionStatus" NOT NULL DEFAULT 'pending',
    "answer" TEXT,
    "answeredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductRating" (
    "productId" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "stars1" INTEGER NOT NULL DEFAULT 0,
    "stars2" INTEGER NOT NULL DEFAULT 0,
    "stars3" INTEGER NOT NULL DEFAULT 0,
    "stars4" INTEGER NOT NULL DEFAULT 0,
    "stars5" INTEGER NOT NULL DEFAULT 0,
    "verified1" INTEGER NOT NULL DEFAULT 0,
    "verified2" INTEGER NOT NULL DEFAULT 0,
    "verified3" INTEGER NOT NULL DEFAULT 0,
    "verified4" INTEGER NOT NULL DEFAULT 0,
    "verified5" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductRating_pkey" PRIMARY KEY ("productId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Review_uid_key" ON "Review"("uid");

-- CreateIndex
CREATE INDEX "Review_productId_status_submittedAt_id_idx" ON "Review"("productId", "status", "submittedAt", "id");

-- CreateIndex
CREATE INDEX "Review_productId_status_rating_id_idx" ON "Review"("productId", "status", "rating", "id");

-- CreateIndex
CREATE INDEX "Review_installationId_status_idx" ON "Review"("installationId", "status");

-- CreateIndex
CREATE INDEX "Review_installationId_createdAt_id_idx" ON "Review"("installationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Review_storeId_createdAt_id_idx" ON "Review"("storeId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Review_storeId_productId_customerId_key" ON "Review"("storeId", "productId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "Review_storeId_installationId_sourceReviewId_key" ON "Review"("storeId", "installationId", "sourceReviewId");

-- CreateIndex
CREATE UNIQUE INDEX "Question_uid_key" ON "Question"("uid");

-- CreateIndex
CREATE INDEX "Question_productId_status_createdAt_id_idx" ON "Question"("productId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Question_storeId_createdAt_id_idx" ON "Question"("storeId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductRating" ADD CONSTRAINT "ProductRating_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductRating" ADD CONSTRAINT "ProductRating_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
