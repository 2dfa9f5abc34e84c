-- The linked jackpot controller (jackpot/store_pg.go) on the floor's database:
-- one wide-area controller shared by every floor host on it. jackpot_controller
-- is its one state row, locked (SELECT … FOR UPDATE) by every contribution and
-- hit, so that they are handled one after the other across the hosts;
-- jackpot_levels are the levels' configuration and money in Units (1/10,000
-- of a minor unit); the machines' accounts; the idempotency records of the
-- contributions (jackpot_games, the latest games of each machine); the awards,
-- every one kept, a progressive hit with its index in the game (hit), a
-- mystery award without. The mystery trigger (trigger_cents) is the
-- controller's secret: the floor's role owns this schema and grants nothing.

CREATE TABLE jackpot_controller (
	id            smallint PRIMARY KEY CHECK (id = 1),
	coin_in_cents bigint NOT NULL DEFAULT 0 CHECK (coin_in_cents >= 0),
	contributions bigint NOT NULL DEFAULT 0 CHECK (contributions >= 0),
	award_seq     bigint NOT NULL DEFAULT 0 CHECK (award_seq >= 0)
);

CREATE TABLE jackpot_levels (
	pos                 smallint PRIMARY KEY CHECK (pos >= 0),
	name                text NOT NULL UNIQUE,
	kind                text NOT NULL CHECK (kind IN ('progressive', 'mystery')),
	reset_cents         bigint NOT NULL CHECK (reset_cents >= 0),
	rate_bp             bigint NOT NULL CHECK (rate_bp >= 0),
	reserve_bp          bigint NOT NULL CHECK (reserve_bp >= 0),
	reserve_funds_reset boolean NOT NULL,
	ceiling_cents       bigint NOT NULL CHECK (ceiling_cents >= 0),
	trigger_min_cents   bigint NOT NULL CHECK (trigger_min_cents >= 0),
	trigger_max_cents   bigint NOT NULL CHECK (trigger_max_cents >= 0),
	amount_units        bigint NOT NULL CHECK (amount_units >= 0),
	reserve_units       bigint NOT NULL CHECK (reserve_units >= 0),
	trigger_cents       bigint NOT NULL CHECK (trigger_cents >= 0),
	contributed_units   bigint NOT NULL CHECK (contributed_units >= 0),
	awarded_units       bigint NOT NULL CHECK (awarded_units >= 0),
	funded_units        bigint NOT NULL CHECK (funded_units >= 0),
	awards              bigint NOT NULL CHECK (awards >= 0)
);

CREATE TABLE jackpot_machines (
	machine       text PRIMARY KEY CHECK (length(machine) BETWEEN 1 AND 64),
	last_game     bigint NOT NULL CHECK (last_game >= 0),
	games         bigint NOT NULL CHECK (games >= 0),
	coin_in_cents bigint NOT NULL CHECK (coin_in_cents >= 0),
	awards        bigint NOT NULL CHECK (awards >= 0),
	awarded_cents bigint NOT NULL CHECK (awarded_cents >= 0)
);

CREATE TABLE jackpot_games (
	machine   text NOT NULL REFERENCES jackpot_machines,
	game      bigint NOT NULL CHECK (game >= 0),
	bet_cents bigint NOT NULL CHECK (bet_cents > 0),
	PRIMARY KEY (machine, game)
);

CREATE TABLE jackpot_awards (
	seq     bigint PRIMARY KEY CHECK (seq >= 1),
	machine text NOT NULL REFERENCES jackpot_machines,
	game    bigint NOT NULL CHECK (game >= 0),
	level   text NOT NULL,
	hit     smallint CHECK (hit BETWEEN 0 AND 255),
	cents   bigint NOT NULL CHECK (cents >= 0),
	at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX jackpot_awards_hit ON jackpot_awards (machine, game, level, hit) WHERE hit IS NOT NULL;
CREATE INDEX jackpot_awards_game ON jackpot_awards (machine, game) WHERE hit IS NULL;
