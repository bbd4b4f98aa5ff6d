-- Decision 013: the rooms' reminders and releases move from room_jobs onto the app's one job runner (jobs).
-- The pending rows are handed over in one statement: each is marked 'cancelled' in room_jobs (so a runner of the
-- previous release, still polling room_jobs during a rolling upgrade, no longer takes it) and inserted into jobs.
-- Rows an old instance writes after this migration are handed over the same way by the rooms module's schedule
-- 'rooms.adopt-legacy-jobs' until the contract migration drops room_jobs.
WITH moved AS (
  UPDATE "room_jobs" SET "status" = 'cancelled', "done_at" = now()
  WHERE "status" = 'pending'
  RETURNING "booking_id", "kind", "run_at"
)
INSERT INTO "jobs" ("kind", "key", "payload", "run_at", "max_attempts")
SELECT CASE WHEN "kind" = 'reminder' THEN 'rooms.reminder' ELSE 'rooms.release' END,
  'booking:' || "booking_id",
  jsonb_build_object('bookingId', "booking_id"),
  "run_at",
  3
FROM moved;
