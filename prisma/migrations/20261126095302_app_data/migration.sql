-- AlterTable
ALTER TABLE "AppInstallation" ADD COLUMN     "lastAlertAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "AppSetupSheet" (
    "installationId" INTEGER NOT NULL,
    "storeId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AppSetupSheet_pkey" PRIMARY KEY ("installationId")
);

-- CreateTable
CREATE TABLE "AppAlert" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "installationId" INTEGER NOT NULL,
    "severity" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "dedupeKey" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppRequirement" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "installationId" INTEGER NOT NULL,
    "productId" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "AppRequirement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectedDefinition" (
    "id" UUID NOT NULL,
    "pId" SERIAL NOT NULL,
    "storeId" UUID NOT NULL,
    "installationId" INTEGER,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "displayField" TEXT,
    "storefrontVisible" BOOLEAN NOT NULL DEFAULT false,
    "hasPages" BOOLEAN NOT NULL DEFAULT false,
    "entryCapOverride" INTEGER,
    "retentionDays" INTEGER,
    "fields" JSONB NOT NULL,
    "lastRecordAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CollectedDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectedRecord" (
    "id" UUID NOT NULL,
    "pId" SERIAL NOT NULL,
    "storeId" UUID NOT NULL,
    "definitionId" UUID NOT NULL,
    "installationId" INTEGER,
    "values" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),

    CONSTRAINT "CollectedRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AppAlert_installationId_createdAt_idx" ON "AppAlert"("installationId", "createdAt");

-- CreateIndex
CREATE INDEX "AppAlert_installationId_dedupeKey_createdAt_idx" ON "AppAlert"("installationId", "dedupeKey", "createdAt");

-- CreateIndex
CREATE INDEX "AppRequirement_storeId_productId_idx" ON "AppRequirement"("storeId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "AppRequirement_installationId_productId_prefix_key" ON "AppRequirement"("installationId", "productId", "prefix");

-- CreateIndex
CREATE UNIQUE INDEX "CollectedDefinition_pId_key" ON "CollectedDefinition"("pId");

-- CreateIndex
CREATE INDEX "CollectedDefinition_installationId_type_idx" ON "CollectedDefinition"("installationId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "CollectedDefinition_storeId_type_key" ON "CollectedDefinition"("storeId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "CollectedRecord_pId_key" ON "CollectedRecord"("pId");

-- CreateIndex
CREATE INDEX "CollectedRecord_definitionId_createdAt_idx" ON "CollectedRecord"("definitionId", "createdAt");

-- CreateIndex
CREATE INDEX "CollectedRecord_expiresAt_idx" ON "CollectedRecord"("expiresAt");

-- AddForeignKey
ALTER TABLE "AppSetupSheet" ADD CONSTRAINT "AppSetupSheet_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppAlert" ADD CONSTRAINT "AppAlert_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppRequirement" ADD CONSTRAINT "AppRequirement_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppRequirement" ADD CONSTRAINT "AppRequirement_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectedDefinition" ADD CONSTRAINT "CollectedDefinition_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectedRecord" ADD CONSTRAINT "CollectedRecord_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "CollectedDefinition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectedRecord" ADD CONSTRAINT "CollectedRecord_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "AppInstallation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
