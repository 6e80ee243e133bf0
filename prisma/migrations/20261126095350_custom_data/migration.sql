-- CreateTable
CREATE TABLE "MetafieldDefinition" (
    "id" UUID NOT NULL,
    "pId" SERIAL NOT NULL,
    "storeId" UUID NOT NULL,
    "ownerType" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "type" TEXT NOT NULL,
    "validations" JSONB NOT NULL DEFAULT '[]',
    "storefrontVisible" BOOLEAN NOT NULL DEFAULT false,
    "installationId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MetafieldDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MetaobjectDefinition" (
    "id" UUID NOT NULL,
    "pId" SERIAL NOT NULL,
    "storeId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "displayField" TEXT,
    "storefrontVisible" BOOLEAN NOT NULL DEFAULT false,
    "fields" JSONB NOT NULL DEFAULT '[]',
    "installationId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MetaobjectDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Metaobject" (
    "id" UUID NOT NULL,
    "pId" SERIAL NOT NULL,
    "storeId" UUID NOT NULL,
    "definitionId" UUID NOT NULL,
    "handle" TEXT NOT NULL,
    "fields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Metaobject_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MetafieldDefinition_pId_key" ON "MetafieldDefinition"("pId");

-- CreateIndex
CREATE INDEX "MetafieldDefinition_storeId_pId_idx" ON "MetafieldDefinition"("storeId", "pId");

-- CreateIndex
CREATE UNIQUE INDEX "MetafieldDefinition_storeId_ownerType_namespace_key_key" ON "MetafieldDefinition"("storeId", "ownerType", "namespace", "key");

-- CreateIndex
CREATE UNIQUE INDEX "MetaobjectDefinition_pId_key" ON "MetaobjectDefinition"("pId");

-- CreateIndex
CREATE INDEX "MetaobjectDefinition_storeId_pId_idx" ON "MetaobjectDefinition"("storeId", "pId");

-- CreateIndex
CREATE UNIQUE INDEX "MetaobjectDefinition_storeId_type_key" ON "MetaobjectDefinition"("storeId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "Metaobject_pId_key" ON "Metaobject"("pId");

-- CreateIndex
CREATE INDEX "Metaobject_storeId_definitionId_pId_idx" ON "Metaobject"("storeId", "definitionId", "pId");

-- CreateIndex
CREATE UNIQUE INDEX "Metaobject_definitionId_handle_key" ON "Metaobject"("definitionId", "handle");

-- AddForeignKey
ALTER TABLE "MetafieldDefinition" ADD CONSTRAINT "MetafieldDefinition_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MetaobjectDefinition" ADD CONSTRAINT "MetaobjectDefinition_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Metaobject" ADD CONSTRAINT "Metaobject_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Metaobject" ADD CONSTRAINT "Metaobject_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "MetaobjectDefinition"("id") ON DELETE CASCADE ON UPDATE CASCADE;
