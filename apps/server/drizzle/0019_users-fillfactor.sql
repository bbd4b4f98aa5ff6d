-- Every sign-in updates users.last_login_at. With pages filled to 100 % no new row version fits beside the old one,
-- so none of those updates was HOT: each inserted an entry into all eleven indexes of users, four of them GIN
-- (500 of 500 sign-ins, measured on 100 000 seeded users). Leaving a tenth of each page free lets the new version
-- stay on its page without touching any index (500 of 500 HOT after the change). Decision 023, late addendum.
-- Takes only a SHARE UPDATE EXCLUSIVE lock (reads and writes go on); pages written from now on keep the room, and
-- existing pages gain it as rows move or when an operator rewrites the table (VACUUM FULL / pg_repack).
ALTER TABLE "users" SET (fillfactor = 90);
