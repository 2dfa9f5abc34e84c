-- The floor's own records (floor.Store): each machine's latest meters, the
-- exception log and the floor's currency. Amounts are int64 minor units of the
-- floor's currency; meters are SAS's 18-digit meters (below 2^63).

CREATE TABLE floor_meta (
	key   text PRIMARY KEY,
	value text NOT NULL
);

CREATE TABLE machine_meters (
	machine         smallint PRIMARY KEY CHECK (machine BETWEEN 0 AND 255),
	read_at         timestamptz NOT NULL,
	currency        text NOT NULL DEFAULT '',
	current_credits bigint NOT NULL CHECK (current_credits >= 0),
	coin_in         bigint NOT NULL CHECK (coin_in >= 0),
	coin_out        bigint NOT NULL CHECK (coin_out >= 0),
	jackpot         bigint NOT NULL CHECK (jackpot >= 0),
	handpay         bigint NOT NULL CHECK (handpay >= 0),
	cancelled       bigint NOT NULL CHECK (cancelled >= 0),
	games_played    bigint NOT NULL CHECK (games_played >= 0),
	games_won       bigint NOT NULL CHECK (games_won >= 0),
	games_lost      bigint NOT NULL CHECK (games_lost >= 0)
);

CREATE TABLE exceptions (
	seq     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	machine smallint NOT NULL CHECK (machine BETWEEN 0 AND 255),
	code    smallint NOT NULL CHECK (code BETWEEN 0 AND 255),
	at      timestamptz NOT NULL,
	finding text NOT NULL DEFAULT ''
);
CREATE INDEX exceptions_machine ON exceptions (machine, seq);
