package tables

import (
	"runtime"
	"sync"
)

// Parallel calls f(0) … f(n−1) on every core and returns when all have returned;
// the exact analyses spread their independent enumerations with it.
func Parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	wg.Wait()
}
