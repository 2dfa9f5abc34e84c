package floor

import (
	"context"
	"errors"
	"fmt"

	"egm/sas"
)

// Decline tells the machine that the wallet declined its cash-in code id (player
// protection, floor/desk): a 72 request of type 00 with all amounts zero
// and the code as the transaction id, which the machine answers by spending the
// code, status 80 (cancelled by the host), and telling the player. Nothing moves.
// Like Transfer it asks for the machine's last transfer first, so it may be
// called again after any failure.
func (a *AFT) Decline(ctx context.Context, id string) error {
	body, err := sas.AppendAFTTransfer(nil, sas.AFTTransfer{Code: sas.AFTFullOnly, Type: sas.AFTInHouseToMachine,
		Asset: a.Asset, Key: a.Key, ID: id})
	if err != nil {
		return err
	}
	for sends := 0; ; {
		last, err := a.Interrogate(ctx, 0, true)
		if err != nil {
			return err
		}
		switch {
		case last.Status.Pending():
			if err := a.wait(ctx); err != nil {
				return err
			}
			continue
		case last.ID == id && last.Status == sas.AFTStatusCancelled:
			return nil
		case sends == aftMaxSends:
			return fmt.Errorf("floor: machine %d did not take the decline of its cash-in code (its last transfer is %q, %v)", a.P.Addr, last.ID, last.Status)
		}
		sends++
		rep, err := a.transferPoll(body)
		switch {
		case errors.Is(err, ErrAFTNoReply):
			if err := a.wait(ctx); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		case rep.ID == id && rep.Status == sas.AFTStatusCancelled:
			return nil
		case rep.Status == sas.AFTStatusNotCompatible, rep.Status == sas.AFTStatusIDNotUnique:
			continue
		}
		return fmt.Errorf("floor: machine %d refused the decline of its cash-in code: %v", a.P.Addr, rep.Status)
	}
}
