-- CreateTable
CREATE TABLE "StaffMember" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" TEXT NOT NULL,
    "avatarUrl" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrafficHour" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "home" INTEGER NOT NULL DEFAULT 0,
    "product" INTEGER NOT NULL DEFAULT 0,
    "collection" INTEGER NOT NULL DEFAULT 0,
    "post" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrafficHour_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrafficDay" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrafficDay_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrafficTop" (
    "id" UUID NOT NULL,
    "storeId" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrafficTop_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StaffMember_storeId_createdAt_id_idx" ON "StaffMember"("storeId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "StaffMember_storeId_email_key" ON "StaffMember"("storeId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "TrafficHour_storeId_hour_key" ON "TrafficHour"("storeId", "hour");

-- CreateIndex
CREATE UNIQUE INDEX "TrafficDay_storeId_day_key" ON "TrafficDay"("storeId", "day");

-- CreateIndex
CREATE INDEX "TrafficTop_storeId_dimension_hour_idx" ON "TrafficTop"("storeId", "dimension", "hour");

-- CreateIndex
CREATE UNIQUE INDEX "TrafficTop_storeId_hour_dimension_value_key" ON "TrafficTop"("storeId", "hour", "dimension", "value");

-- AddForeignKey
ALTER TABLE "StaffMember" ADD CONSTRAINT "StaffMember_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrafficHour" ADD CONSTRAINT "TrafficHour_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrafficDay" ADD CONSTRAINT "TrafficDay_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrafficTop" ADD CONSTRAINT "TrafficTop_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE CASCADE ON UPDATE CASCADE;
