-- The sign-in throttle slows an account or address under attack instead of locking it (decision record 023):
-- each slowed key keeps its next free turn for a password check. Null: no queue (the key is under its limit).
ALTER TABLE "sign_in_throttle" ADD COLUMN "next_turn_at" timestamp with time zone;
