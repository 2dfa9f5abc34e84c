-- The floor's records of the linked jackpots (floor.JackpotRecords): each
-- machine's coin-in at the link's first meter read, then its baseline; the
-- journal of the mystery awards paid as legacy bonuses.

CREATE TABLE jackpot_baselines (
	machine    smallint PRIMARY KEY CHECK (machine BETWEEN 0 AND 255),
	first_read bigint CHECK (first_read >= 0),
	baseline   bigint CHECK (baseline >= 0),
	CHECK (first_read IS NOT NULL OR baseline IS NOT NULL)
);

CREATE TABLE bonus_payments (
	seq          bigint PRIMARY KEY CHECK (seq >= 0),
	machine      smallint NOT NULL CHECK (machine BETWEEN 0 AND 255),
	machine_id   text NOT NULL,
	game         bigint NOT NULL CHECK (game >= 0),
	cents        bigint NOT NULL CHECK (cents >= 0),
	state        text NOT NULL CHECK (state IN ('due', 'sending', 'paid')),
	meter_before bigint NOT NULL CHECK (meter_before >= 0),
	paid_at      timestamptz
);
CREATE INDEX bonus_payments_unpaid ON bonus_payments (seq) WHERE state <> 'paid';
