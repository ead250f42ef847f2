-- Notifications are delivered by River (its tables are made by River's own migrator, run
-- by store.Migrate right after these migrations). The outbox stays the record of what each
-- delivery is (event, recipient, payload) and of how far its send got; River holds the
-- queue: attempts, errors, when the next try is due. So the outbox loses its queue columns
-- (status, attempts, due_at, lease_until, last_error, claim) and each row names its job.
--
--   job_id      the River job that delivers the row (NULL until the write's transaction
--               has inserted it; store.enqueueDeliveries)
--   started_at  when its latest attempt started
--   handed_at   when the message was handed over (the SMTP data ended, the webhook request
--               written) and its answer not yet recorded: if the server dies now nobody
--               can tell whether it arrived
--   sent_at     when its send finished
--   unknown_at  when a delivery found handed over by a server that died was marked as
--               unknown: never sent again by itself; an organiser may resend it
--   gave_up     the error of a delivery given up before River (empty otherwise)

-- +goose Up
ALTER TABLE outbox
    ADD COLUMN job_id     bigint,
    ADD COLUMN handed_at  timestamptz,
    ADD COLUMN unknown_at timestamptz,
    ADD COLUMN gave_up    text NOT NULL DEFAULT '';
-- What was in flight under the old queue when this release started: a row it was sending
-- may have gone out (unknown); one only claimed had not and is delivered by River.
UPDATE outbox SET unknown_at = now() WHERE status = 'sending' AND started_at IS NOT NULL;
UPDATE outbox SET gave_up = CASE WHEN last_error = '' THEN 'given up' ELSE last_error END WHERE status = 'failed';
DROP INDEX IF EXISTS outbox_due_idx;
DROP INDEX IF EXISTS outbox_sending_idx;
ALTER TABLE outbox
    DROP COLUMN status, DROP COLUMN attempts, DROP COLUMN due_at, DROP COLUMN lease_until,
    DROP COLUMN last_error, DROP COLUMN claim;
-- The rows a transaction has written and not yet handed to River, and the rows of a job.
CREATE INDEX outbox_unqueued_idx ON outbox (id) WHERE job_id IS NULL AND sent_at IS NULL AND unknown_at IS NULL AND gave_up = '';
CREATE INDEX outbox_job_idx ON outbox (job_id);
CREATE INDEX outbox_webhook_idx ON outbox (webhook_id, id) WHERE webhook_id IS NOT NULL;
-- A webhook's deliveries are no longer leased: River runs them.
ALTER TABLE league_webhooks DROP COLUMN busy_until;

-- +goose Down
ALTER TABLE league_webhooks ADD COLUMN busy_until timestamptz;
DROP INDEX outbox_webhook_idx;
DROP INDEX outbox_job_idx;
DROP INDEX outbox_unqueued_idx;
ALTER TABLE outbox
    ADD COLUMN status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    ADD COLUMN attempts    int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    ADD COLUMN due_at      timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN lease_until timestamptz,
    ADD COLUMN last_error  text NOT NULL DEFAULT '',
    ADD COLUMN claim       int NOT NULL DEFAULT 0;
UPDATE outbox SET status = CASE WHEN sent_at IS NOT NULL THEN 'sent'
                                WHEN unknown_at IS NOT NULL OR gave_up <> '' THEN 'failed' ELSE 'pending' END,
                  last_error = gave_up;
CREATE INDEX outbox_due_idx ON outbox (due_at, id) WHERE status = 'pending';
CREATE INDEX outbox_sending_idx ON outbox (lease_until) WHERE status = 'sending';
ALTER TABLE outbox DROP COLUMN job_id, DROP COLUMN handed_at, DROP COLUMN unknown_at, DROP COLUMN gave_up;
