-- CreateTable
CREATE TABLE "Post" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "excerpt" TEXT,
    "tags" TEXT[],
    "categoryNames" TEXT[],
    "categorySlugs" TEXT[],
    "status" TEXT NOT NULL DEFAULT 'draft',
    "publishedAt" TIMESTAMPTZ(3),
    "coverImageUrl" TEXT,
    "coverImageSizes" JSONB,
    "seoTitle" TEXT,
    "seoDescription" TEXT,
    "authorName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Post_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Post_storeId_status_publishedAt_id_idx" ON "Post"("storeId", "status", "publishedAt", "id");

-- CreateIndex
CREATE INDEX "Post_storeId_createdAt_id_idx" ON "Post"("storeId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Post_storeId_slug_key" ON "Post"("storeId", "slug");

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
