ALTER TABLE "chatbots" ADD COLUMN "slack_channel_id" text;--> statement-breakpoint
CREATE INDEX "knowledge_passages_embedding_model_idx" ON "knowledge_passages" USING btree ("embedding_model");--> statement-breakpoint
CREATE INDEX "knowledge_sources_slack_idx" ON "knowledge_sources" USING btree ("slack_workspace_id");--> statement-breakpoint
-- Decision 026: the Slack assistant's documents move into the suite's knowledge tables, ids kept (idempotent copy).
-- A Slack 'qa' entry ("Q: …\nA: …", titled by its question) becomes an 'faq' source with question and answer apart.
INSERT INTO "knowledge_sources" ("id", "seed_id", "chatbot_id", "slack_workspace_id", "kind", "title", "question", "answer", "source_url", "content", "created_by", "fetched_at", "created_at")
SELECT d."id", w."seed_id", NULL, d."workspace_id",
  CASE WHEN d."kind" = 'qa' THEN 'faq' ELSE d."kind" END,
  d."title",
  CASE WHEN d."kind" = 'qa' THEN d."title" END,
  CASE WHEN d."kind" = 'qa' THEN
    CASE WHEN position(E'\nA: ' IN d."content") > 0 THEN substr(d."content", position(E'\nA: ' IN d."content") + 4) ELSE d."content" END
  END,
  d."source_url", d."content", d."created_by",
  CASE WHEN d."source_url" IS NOT NULL THEN d."created_at" END,
  d."created_at"
FROM "slack_documents" d JOIN "slack_workspaces" w ON w."id" = d."workspace_id"
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- Passages keep their text and vectors (same text, same model: no re-embedding); their search keys are recomputed
-- in Node by the 'knowledge.rekey' job below (the knowledge module's Korean keys cannot be computed in SQL).
INSERT INTO "knowledge_passages" ("id", "source_id", "seed_id", "ord", "content", "grams", "embedding", "embedding_model")
SELECT p."id", p."document_id", w."seed_id", p."ord", p."content", '{}'::text[], p."embedding", p."embedding_model"
FROM "slack_passages" p JOIN "slack_workspaces" w ON w."id" = p."workspace_id"
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'knowledge.rekey', 'knowledge-rekey', '{}'::jsonb, now()
WHERE EXISTS (SELECT 1 FROM "knowledge_passages" WHERE cardinality("grams") = 0);--> statement-breakpoint
-- Web pages copied from Slack are re-fetched daily like the chatbot's (the first run a day from now).
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'knowledge.refetch-url', 'knowledge-source:' || s."id", jsonb_build_object('sourceId', s."id"), now() + interval '1 day'
FROM "knowledge_sources" s JOIN "slack_documents" d ON d."id" = s."id"
WHERE s."kind" = 'url' AND s."source_url" IS NOT NULL;
