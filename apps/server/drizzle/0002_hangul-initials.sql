-- Initial consonants (초성) of the Hangul syllables in a name, for initial-consonant search ('ㄱㅁㅅ' finds 김민수).
-- Syllables U+AC00..U+D7A3 map to one of 19 leading consonants (588 syllables each); compatibility jamo
-- consonants U+3131..U+314E are kept; everything else is dropped. IMMUTABLE so a generated column and an index can use it.
CREATE OR REPLACE FUNCTION hangul_initials(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(string_agg(
    CASE
      WHEN ascii(ch) BETWEEN 44032 AND 55203 THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(ch) - 44032) / 588 + 1, 1)
      WHEN ascii(ch) BETWEEN 12593 AND 12622 THEN ch
      ELSE ''
    END, '' ORDER BY i), '')
  FROM unnest(string_to_array(name, NULL)) WITH ORDINALITY AS t(ch, i)
$$;
