-- Wakes the webhook relays (src/webhooks/outbox-wake.ts) when outbox events or deliveries are
-- written: one notification per inserting statement, sent by PostgreSQL only when its transaction
-- commits (never for a rolled-back write), whichever process wrote it, the CLI included.
-- The body is an E'' string with each semicolon written \073: the PostgreSQL driver adapter runs a
-- migration split at every semicolon, which would cut a dollar-quoted body apart.
CREATE FUNCTION "bazaar_outbox_wake"() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN PERFORM pg_notify(''bazaar_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER "OutboxEvent_wake" AFTER INSERT ON "OutboxEvent" FOR EACH STATEMENT EXECUTE FUNCTION "bazaar_outbox_wake"();

CREATE TRIGGER "WebhookDelivery_wake" AFTER INSERT ON "WebhookDelivery" FOR EACH STATEMENT EXECUTE FUNCTION "bazaar_outbox_wake"();
