-- CreateIndex
CREATE INDEX "Region_kind_lat_lng_idx" ON "Region"("kind", "lat", "lng");
