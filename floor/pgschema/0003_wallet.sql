-- The cashless wallet's records (floor/desk, wallet_store_pg.go): the players'
-- accounts, the registered machines and their AFT keys, the used codes, the
-- journal of transfers with its pending index, the event log, the money funded
-- from outside the floor, and the player-protection register. Amounts are
-- bigint minor units of the floor's currency (floor_meta 'currency').

CREATE TABLE wallet_accounts (
	player text PRIMARY KEY CHECK (length(player) BETWEEN 1 AND 64),
	cents  bigint NOT NULL CHECK (cents >= 0),
	born   date
);

CREATE TABLE wallet_machines (
	asset      bigint PRIMARY KEY CHECK (asset BETWEEN 0 AND 4294967295),
	machine_id text NOT NULL,
	pubkey     text NOT NULL,
	-- committed in less committed out: a machine's own wins cashed out make it
	-- negative, so it has no sign check
	cents      bigint NOT NULL,
	owner      text NOT NULL DEFAULT '',
	in_cents   bigint NOT NULL CHECK (in_cents >= 0),
	out_cents  bigint NOT NULL CHECK (out_cents >= 0)
);

CREATE TABLE wallet_aft_keys (
	asset bigint PRIMARY KEY REFERENCES wallet_machines (asset),
	key   bytea NOT NULL CHECK (length(key) = 20)
);

-- A code pays once: (asset, code) is the key of the used codes, and of the
-- journal (the code is the transfer's AFT transaction id).
CREATE TABLE wallet_codes (
	asset   bigint NOT NULL CHECK (asset BETWEEN 0 AND 4294967295),
	code    text NOT NULL,
	player  text NOT NULL,
	seq     bigint NOT NULL,
	used_at timestamptz NOT NULL,
	PRIMARY KEY (asset, code)
);

CREATE TABLE wallet_journal (
	seq      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	dir      text NOT NULL CHECK (dir IN ('in', 'out')),
	asset    bigint NOT NULL CHECK (asset BETWEEN 0 AND 4294967295),
	code     text NOT NULL,
	player   text NOT NULL,
	cents    bigint NOT NULL CHECK (cents >= 0),
	idle     boolean NOT NULL DEFAULT false,
	state    text NOT NULL CHECK (state IN ('pending', 'committed', 'refused')),
	reason   text NOT NULL DEFAULT '',
	created  timestamptz NOT NULL,
	resolved timestamptz,
	UNIQUE (asset, code)
);
CREATE INDEX wallet_journal_pending ON wallet_journal (seq) WHERE state = 'pending';

CREATE TABLE wallet_events (
	seq     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	at      timestamptz NOT NULL,
	kind    text NOT NULL,
	asset   bigint NOT NULL DEFAULT 0 CHECK (asset BETWEEN 0 AND 4294967295),
	player  text NOT NULL DEFAULT '',
	cents   bigint NOT NULL DEFAULT 0,
	message text NOT NULL
);

CREATE TABLE wallet_meta (
	key   text PRIMARY KEY,
	cents bigint NOT NULL CHECK (cents >= 0)
);

CREATE TABLE wallet_restrictions (
	id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	player    text NOT NULL,
	kind      text NOT NULL CHECK (kind IN ('self_exclusion', 'court', 'staff')),
	from_at   timestamptz NOT NULL,
	until     timestamptz,
	by_whom   text NOT NULL,
	why       text NOT NULL,
	created   timestamptz,
	lifted    timestamptz,
	lifted_by text NOT NULL DEFAULT '',
	lift_why  text NOT NULL DEFAULT ''
);
CREATE INDEX wallet_restrictions_player ON wallet_restrictions (player, id);
