-- Name search of one or two Hangul syllables (decision 023): trigrams need three characters, so '민서' read every
-- user. Every two-character piece of a name goes into a GIN index; a search needs all pieces of the query, and the
-- LIKE beside it keeps the result exact.
CREATE OR REPLACE FUNCTION name_bigrams(s text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}'::text[]) FROM generate_series(1, char_length(s) - 1) AS i
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_full_name_bigrams_idx ON users USING gin (name_bigrams(full_name)) WHERE deleted_at IS NULL;
