-- Every change to a user's transcripts or monthly count says so on "library_changed" (payload:
-- the user's id), whichever process or statement made it, so the caches of each user's list and
-- usage can be forgotten at once everywhere. Repeats within a transaction arrive once.
CREATE FUNCTION "notify_library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('library_changed', OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('library_changed', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transcriptions_library_changed" AFTER INSERT OR UPDATE OR DELETE ON "transcriptions"
  FOR EACH ROW EXECUTE FUNCTION "notify_library_changed"();
--> statement-breakpoint
CREATE TRIGGER "monthly_counts_library_changed" AFTER INSERT OR UPDATE OR DELETE ON "monthly_transcription_counts"
  FOR EACH ROW EXECUTE FUNCTION "notify_library_changed"();
