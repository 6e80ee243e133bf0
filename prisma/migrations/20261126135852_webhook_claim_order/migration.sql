-- DropIndex
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_eventSequence_idx" ON "WebhookDelivery"("status", "nextAttemptAt", "eventSequence");
