-- The audit trail made tamper-evident (docs/decisions/0150-audit-chain-and-database-roles.md): each
-- entry gets a link in `audit_chain`, a sha256 over the previous link's hash and the entry's own content,
-- in commit order. Changing, removing or slipping in an entry past the trigger breaks the chain at that
-- entry, and `npm run audit:verify` names it. The server's database role only reads the chain: the
-- trigger writes it as the owner of this migration (SECURITY DEFINER).
CREATE TABLE "audit_chain" (
	"position" bigint PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL UNIQUE,
	"hash" bytea NOT NULL
);--> statement-breakpoint
-- What an entry's hash covers: every column, as text independent of the session (the time as seconds
-- since 1970 with its microseconds, the changes as the database's own JSON text), after the previous
-- link's hash (empty before the first entry). The verification recomputes it with this same function.
CREATE FUNCTION audit_entry_digest(previous bytea, e audit_entries) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT sha256(previous || convert_to(jsonb_build_array(
    e.id, extract(epoch FROM e.at), e.actor_id, e.actor_name, e.action,
    e.entity_type, e.entity_id, e.order_id, e.changes)::text, 'UTF8'));
$$;--> statement-breakpoint
-- Links one entry at the end of the chain. It runs at the commit (a deferred trigger), so the chain is
-- in commit order and the lock is held only while the transaction commits. The lock is the one the
-- buyer balances' commit-time triggers take (decision 132): with one lock for every commit-time step,
-- two commits can never take them in opposite orders and deadlock. The position's primary key refuses
-- a fork outright, should a transaction ever read a stale end of the chain.
CREATE FUNCTION audit_chain_link() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  last_position bigint;
  last_hash bytea;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('buyer_balances'));
  SELECT position, hash INTO last_position, last_hash FROM audit_chain ORDER BY position DESC LIMIT 1;
  INSERT INTO audit_chain (position, entry_id, hash)
  VALUES (coalesce(last_position, 0) + 1, NEW.id, audit_entry_digest(coalesce(last_hash, ''::bytea), NEW));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_entries_chain" AFTER INSERT ON "audit_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_chain_link();--> statement-breakpoint
-- Nothing changes a link either, whoever owns the table (the server's role has no right to try); the
-- refusal names the table it refused.
CREATE OR REPLACE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_change" BEFORE UPDATE OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();--> statement-breakpoint
-- The entries written before this migration, linked in the order of their ids.
DO $$
DECLARE
  entry audit_entries;
  n bigint := 0;
  h bytea := ''::bytea;
BEGIN
  FOR entry IN SELECT * FROM audit_entries ORDER BY id LOOP
    n := n + 1;
    h := audit_entry_digest(h, entry);
    INSERT INTO audit_chain (position, entry_id, hash) VALUES (n, entry.id, h);
  END LOOP;
END;
$$;
