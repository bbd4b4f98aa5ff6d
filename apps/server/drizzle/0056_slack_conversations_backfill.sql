-- Conversations as knowledge (decision 085): threads mirrored before this release are queued once for indexing, so
-- they are searchable without waiting for a change (the every-minute job takes 200 threads a run).
INSERT INTO "slack_thread_changes" ("workspace_id", "channel", "thread_ts", "changed_at")
SELECT DISTINCT "workspace_id", "channel", "thread_ts", now() FROM "slack_messages"
ON CONFLICT DO NOTHING;
