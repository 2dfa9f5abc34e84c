package games

import (
	"runtime"
	"sync"

	"egm/games/slot"
)

// PARs computes the exact PAR sheet of each title on every core, in the titles'
// order; progress, if not nil, is told how many are done (from one goroutine at a
// time).
func PARs(titles []*slot.Title, progress func(done int)) ([]*slot.PAR, error) {
	out := make([]*slot.PAR, len(titles))
	errs := make([]error, len(titles))
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, t := range titles {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i], errs[i] = t.PAR()
			mu.Lock()
			done++
			if progress != nil {
				progress(done)
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
