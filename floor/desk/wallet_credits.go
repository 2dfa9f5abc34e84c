package desk

import (
	"context"
	"errors"
	"fmt"
)

// Credits implements CreditsReader: the machine's cashable credits from its AFT
// lock-and-status reply (74 FF).
func (w *AFTTransferer) Credits(ctx context.Context, asset uint32) (int64, error) {
	w.mu.Lock()
	a := w.machines[asset]
	w.mu.Unlock()
	if a == nil {
		return 0, fmt.Errorf("floor: no AFT link to asset %d", asset)
	}
	st, err := a.Status(ctx)
	if err != nil {
		return 0, err
	}
	return int64(st.Cashable), nil
}

var _ CreditsReader = (*AFTTransferer)(nil)

// ErrCreditsUnread is a machine's credits that could not be read over its link:
// nothing was moved, and the request may be made again.
var ErrCreditsUnread = errors.New("floor: wallet: the machine's credits could not be read")
