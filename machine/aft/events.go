package aft

import "egm/meters"

// Event kinds of AFT (the floor link maps them to exceptions 69, 6A, 6C–6F).
const (
	EvTransfer       meters.EventKind = "aft_transfer"         // a transfer committed (69)
	EvHeld           meters.EventKind = "aft_held"             // a deposit held for AML approval (R-CASH-4)
	EvRefused        meters.EventKind = "aft_refused"          // a transfer refused, and why
	EvCancelled      meters.EventKind = "aft_cancelled"        // a held transfer cancelled or declined
	EvCashoutRequest meters.EventKind = "aft_cashout_request"  // a cash-out code issued: host cash-out (6A)
	EvRegister       meters.EventKind = "aft_register"         // registered (6D)
	EvRegisterAsk    meters.EventKind = "aft_register_request" // operator acknowledgement asked (6C)
	EvUnregister     meters.EventKind = "aft_unregister"       // unregistered (6E)
	EvLocked         meters.EventKind = "aft_game_locked"      // a pending lock took hold (6F)
	// EvDeclined: the wallet declined a cash-in code (the player may not play;
	// machine/aft_declined.go).
	EvDeclined meters.EventKind = "aft_declined"
)

// AFT counters (meters.Tx.AddCounter), reported over SAS as meters A0/A1/B8/B9.
const (
	CounterCashableIn   = "aft_in_house_cashable_in_cents"
	CounterTransfersIn  = "aft_in_house_transfers_in"
	CounterCashableOut  = "aft_in_house_cashable_out_cents"
	CounterTransfersOut = "aft_in_house_transfers_out"
)
