-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "secret" TEXT,
ADD COLUMN     "secretExpiresAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "Message_secretExpiresAt_idx" ON "Message"("secretExpiresAt");

-- Messages written before secrets were marked cannot have them masked: their codes and reset
-- tokens go now, text and subject (a code's subject names it) — asking again sends a new one.
UPDATE "Message" SET "text" = NULL, "subject" = NULL WHERE "template" IN ('otp', 'password_reset');
