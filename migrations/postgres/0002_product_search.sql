CREATE TABLE "product_search" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"bucket_id" bigint NOT NULL,
	"words" text[] NOT NULL,
	"prefixes" text[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_search_prefixes_idx" ON "product_search" USING gin ("prefixes") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "product_search_bucket_idx" ON "product_search" USING btree ("bucket_id");
--> statement-breakpoint
-- product_search is kept by these triggers (hand-written: drizzle-kit does not
-- describe functions or triggers), so every writer of products keeps it right:
-- the catalog writer, db:copy, a repair in psql.
--
-- The words of a folded title, split as the application's searchWords splits
-- them (search-query.ts): the bracket expression lists the characters that
-- separate words in the scripts titles use (Latin, Arabic and Persian,
-- punctuation and symbols); it is the class the search used before this
-- migration.
CREATE FUNCTION product_search_words(search_text text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(t.word ORDER BY t.place), '{}')
  FROM regexp_split_to_table(search_text, '[\u0001-$&-/:-@\[-\^`{-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u02c2-\u02c5\u02d2-\u02df\u02e5-\u02eb\u02ed\u02ef-\u02ff\u0375\u0378-\u0379\u037e\u0380-\u0385\u0387\u038b\u038d\u03a2\u03f6\u0482\u0530\u0557-\u0558\u055a-\u055f\u0589-\u0590\u05be\u05c0\u05c3\u05c6\u05c8-\u05cf\u05eb-\u05ee\u05f3-\u060f\u061b-\u061f\u066a-\u066d\u06d4\u06dd-\u06de\u06e9\u06fd-\u06fe\u0700-\u070f\u074b-\u074c\u07b2-\u07bf\u07f6-\u07f9\u07fb-\u07fc\u07fe-\u07ff\u2000-\u206f\u2072-\u2073\u207a-\u207e\u208a-\u208f\u209d-\u20cf\u20f1-\u2101\u2103-\u2106\u2108-\u2109\u2114\u2116-\u2118\u211e-\u2123\u2125\u2127\u2129\u212e\u213a-\u213b\u2140-\u2144\u214a-\u214d\u214f\u218a-\u245f\u249c-\u24e9\u2500-\u2775\u2794-\u2bff\u3000-\u3004\u3008-\u3020\u3030\u3036-\u3037\u303d-\u303f\ufd3e-\ufd3f\ufe10-\ufe1f\ufe30-\ufe6f\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\uffbf-\uffc1\uffc8-\uffc9\uffd0-\uffd1\uffd8-\uffd9\uffdd-\uffef]+') WITH ORDINALITY AS t(word, place)
  WHERE t.word <> ''
$$;--> statement-breakpoint
-- Every prefix of every word, each once: a typed (perhaps half-typed) word is then one key of the GIN index.
CREATE FUNCTION product_search_prefixes(words text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT left(w.word, n)), '{}')
  FROM unnest(words) AS w(word), generate_series(1, char_length(w.word)) AS n
$$;--> statement-breakpoint
CREATE FUNCTION product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM product_search WHERE product_id = OLD.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id = OLD.id AND NEW.search_text = OLD.search_text THEN
      -- The words stand; only a moved bucket is carried over (the catalog writer rewrites every changed row whole).
      IF NEW.bucket_id <> OLD.bucket_id THEN
        UPDATE product_search SET bucket_id = NEW.bucket_id WHERE product_id = NEW.id;
      END IF;
      RETURN NULL;
    END IF;
    IF NEW.id <> OLD.id THEN
      DELETE FROM product_search WHERE product_id = OLD.id;
    END IF;
  END IF;
  INSERT INTO product_search (product_id, bucket_id, words, prefixes)
    SELECT NEW.id, NEW.bucket_id, w.words, product_search_prefixes(w.words) FROM (SELECT product_search_words(NEW.search_text) AS words) w
  ON CONFLICT (product_id) DO UPDATE SET bucket_id = excluded.bucket_id, words = excluded.words, prefixes = excluded.prefixes;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION product_search_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE product_search;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search AFTER INSERT OR DELETE OR UPDATE OF id, search_text, bucket_id ON products FOR EACH ROW EXECUTE FUNCTION product_search_refresh();--> statement-breakpoint
CREATE TRIGGER products_search_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION product_search_clear();--> statement-breakpoint
-- The products already there.
INSERT INTO product_search (product_id, bucket_id, words, prefixes)
  SELECT p.id, p.bucket_id, w.words, product_search_prefixes(w.words) FROM products p, LATERAL (SELECT product_search_words(p.search_text) AS words) w;
