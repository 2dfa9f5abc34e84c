package machine

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"egm/machine/aft"
	"egm/machine/settings"
	"egm/sas"
)

// TestAFTRandomHost: a host that sends anything — live, used, unknown and
// cash-out codes, any amount and type, resends, interrogations, locks, cancels —
// between the player's deposits, spins and cash-outs. Whatever it sends, money
// enters only with a live cash-in code, each code moves money at most once, the
// balance never goes below zero and the books always balance.
func TestAFTRandomHost(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 5)
	r.register()
	rnd := rand.New(rand.NewPCG(aftRandomSeed, 12))
	var ids []string                    // every id the host ever used or saw
	moved := map[string]int{}           // id → transfers that moved money
	issued := map[string]aft.CodeKind{} // codes the machine issued
	var last sas.AFTTransfer
	hist := map[sas.AFTStatus]int{}
	for i := 0; i < 1500; i++ {
		switch op := rnd.IntN(20); {
		case op < 3:
			kind := aft.CodeCashIn
			if rnd.IntN(3) == 0 {
				kind = aft.CodeCashOut
			}
			if c, err := r.m.IssueCode(kind); err == nil {
				issued[c.ID] = c.Kind
				ids = append(ids, c.ID)
			}
		case op < 11:
			req := sas.AFTTransfer{Code: byte(rnd.IntN(2)), Asset: 1, Key: aftTestKey,
				Type:     []byte{sas.AFTInHouseToMachine, sas.AFTInHouseToMachine, sas.AFTInHouseToHost, sas.AFTBonusCoinOut}[rnd.IntN(4)],
				Cashable: uint64(rnd.IntN(300_000))}
			switch {
			case rnd.IntN(4) == 0 && last.ID != "":
				req = last // a resend
			case len(ids) > 0 && rnd.IntN(3) != 0:
				req.ID = ids[len(ids)-1] // the newest code
			case len(ids) > 0 && rnd.IntN(2) == 0:
				req.ID = ids[rnd.IntN(len(ids))]
			default:
				req.ID = "RANDOM" + string(rune('A'+rnd.IntN(26)))
			}
			if req.Type == sas.AFTInHouseToHost && rnd.IntN(2) == 0 {
				req.Cashable = uint64(r.m.Status().CreditsCents)
			}
			if rnd.IntN(20) == 0 {
				req.Key[3]++
			}
			if c, ok := issued[req.ID]; ok && c == aft.CodeCashOut && rnd.IntN(4) != 0 {
				req.Type, req.Cashable = sas.AFTInHouseToHost, uint64(r.m.Status().CreditsCents)
			}
			before := r.m.Status().CreditsCents
			rep := r.m.AFTTransfer(req)
			after := r.m.Status().CreditsCents
			hist[rep.Status]++
			if after != before {
				if rep.Status != sas.AFTStatusFull {
					t.Fatalf("op %d: credits %d → %d with status %v", i, before, after, rep.Status)
				}
				moved[req.ID]++
				kind, ok := issued[req.ID]
				switch {
				case !ok:
					t.Fatalf("op %d: money moved with %q, never issued", i, req.ID)
				case moved[req.ID] > 1:
					t.Fatalf("op %d: code %s moved money twice", i, req.ID)
				case kind == aft.CodeCashIn && (req.Type != sas.AFTInHouseToMachine || after-before != int64(req.Cashable)):
					t.Fatalf("op %d: cash-in code %s: %d → %d by %+v", i, req.ID, before, after, req)
				case kind == aft.CodeCashOut && (req.Type != sas.AFTInHouseToHost || after != 0):
					t.Fatalf("op %d: cash-out code %s left %d", i, req.ID, after)
				}
			}
			last = req
		case op < 13:
			idx := byte(0)
			if rnd.IntN(4) == 0 {
				idx = byte(rnd.IntN(256))
			}
			r.m.AFTTransfer(sas.AFTTransfer{Code: []byte{sas.AFTInterrogate, sas.AFTInterrogate, sas.AFTInterrogateStatusOnly, sas.AFTCancel}[rnd.IntN(4)],
				Index: idx})
		case op < 14:
			if id, _, ok := r.m.AFTHeld(); ok {
				r.m.AFTApprove(id, rnd.IntN(2) == 0, "attendant")
			}
		case op < 15:
			r.m.AFTLock(sas.AFTLock{Code: []byte{sas.AFTLockCodeLock, sas.AFTLockCodeCancel, sas.AFTLockCodeQuery}[rnd.IntN(3)], Timeout: uint16(rnd.IntN(500))})
		case op < 17:
			r.do(Input{Kind: InSpin})
			r.present()
			if r.m.Status().State == GambleOffered {
				r.do(Input{Kind: InTakeWin})
			}
		case op < 18:
			r.do(Input{Kind: InCashout})
		case op < 19 && rnd.IntN(4) == 0:
			r.restart() // a power cut: the lock goes, everything committed stays
		default:
			r.clock.Add(10 * 1e9 * 6) // a minute
		}
		r.checkInvariant()
		if c := r.m.Status().CreditsCents; c < 0 {
			t.Fatalf("op %d: credits %d", i, c)
		}
	}
	n := 0
	for _, k := range moved {
		n += k
	}
	t.Logf("%d codes issued, %d transfers moved money; statuses %v", len(issued), n, hist)
	if n < 10 {
		t.Fatalf("only %d transfers moved money: the random host did not exercise the machine", n)
	}
}

// aftRandomSeed is the random host's seed (EGM_AFT_RANDOM_SEED for others).
var aftRandomSeed = func() uint64 {
	if s, err := strconv.ParseUint(os.Getenv("EGM_AFT_RANDOM_SEED"), 10, 64); err == nil {
		return s
	}
	return 11
}()
