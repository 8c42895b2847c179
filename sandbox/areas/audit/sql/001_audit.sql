-- The audit log (D299): one row per sensitive action, written by the service in the same transaction
-- as the action. Who (user id, name and role as they were), when (unix ms of the sandbox clock),
-- which merchant and store, the action code (src/rules/audit.ts), the target and the values before
-- and after, with secrets and personal data left out or masked by the recorder.
-- No foreign keys: an entry outlives the user, store or record it names, and a merchant's entries
-- are never deleted by a cascade (the trigger below would refuse it anyway).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  merchant_id text NOT NULL,
  at          bigint NOT NULL,
  user_id     integer NOT NULL,
  user_name   text NOT NULL,
  user_role   text NOT NULL,
  store_id    integer,
  store_name  text,
  action      text NOT NULL,
  target_type text NOT NULL,
  target_id   text NOT NULL,
  before      jsonb,
  after       jsonb
);
CREATE INDEX audit_log_merchant_at ON audit_log (merchant_id, at DESC, id DESC);

-- Append-only in the database too: no call changes or deletes an entry, and neither does a
-- statement someone types. TRUNCATE (the sandbox's reset) is a statement of its own and not refused.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
