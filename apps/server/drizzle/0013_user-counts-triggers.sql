-- The exact number of users not in the trash, kept by statement-level triggers (decision 023): a multi-row INSERT
-- or an UPDATE of many rows adds its difference once. Only a change of the count touches the row, so the UPDATE of
-- last_login_at on every sign-in never waits on it.
INSERT INTO user_counts (id, live) SELECT 1, count(*) FROM users WHERE deleted_at IS NULL
ON CONFLICT (id) DO UPDATE SET live = excluded.live;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
  SELECT count(*) INTO d FROM new_rows WHERE deleted_at IS NULL;
  IF d <> 0 THEN UPDATE user_counts SET live = live + d WHERE id = 1; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
  SELECT count(*) INTO d FROM old_rows WHERE deleted_at IS NULL;
  IF d <> 0 THEN UPDATE user_counts SET live = live - d WHERE id = 1; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d bigint;
BEGIN
  SELECT (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL) - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL) INTO d;
  IF d <> 0 THEN UPDATE user_counts SET live = live + d WHERE id = 1; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts SET live = 0 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_insert();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_delete();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_update();
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_truncate();
