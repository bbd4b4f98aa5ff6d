-- Issue 18 (decision 023): the statement-level UPDATE trigger of 0013 ran on every UPDATE of users — each sign-in's
-- last_login_at among them — capturing both transition tables and counting them in PL/pgSQL, to find a difference
-- that only a change of deleted_at can make. A row-level trigger on that column alone, with a WHEN that PostgreSQL
-- checks without calling the function, leaves every other UPDATE untouched. The count it keeps is the same: a row
-- enters or leaves the count exactly when deleted_at turns from or to NULL. Insert, delete and truncate stay as in 0013.
DROP TRIGGER IF EXISTS user_counts_update ON users;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_update_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts SET live = live + CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE OF deleted_at ON users FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION user_counts_update_row();
--> statement-breakpoint
DROP FUNCTION IF EXISTS user_counts_update();
