package floorload

import (
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
)

// cycleLine is the line `egm-floor run` prints for each good poll cycle of a
// machine (floor.PrintCycle): its time, then "machine N  credits …".
var cycleLine = regexp.MustCompile(`^\d\d:\d\d:\d\d machine (\d+)  credits `)

// Cycles gathers the poll cycle of each machine: the time between two
// successive good cycles of it as its floor printed them, in arrival order. A
// floor's restart starts its machines afresh (the time it was down is no cycle).
type Cycles struct {
	mu      sync.Mutex
	last    map[int]time.Time
	samples []time.Duration
	count   int
	shown   map[int]string // each machine's last cycle line without its time
	same    map[int]int    // how many cycles in a row showed it
}

// Line notes one line of a floor's output received at t; it reports whether the
// line was a cycle's.
func (c *Cycles) Line(s string, t time.Time) bool {
	m := cycleLine.FindStringSubmatch(s)
	if m == nil {
		return false
	}
	n, _ := strconv.Atoi(m[1])
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		c.last, c.shown, c.same = map[int]time.Time{}, map[int]string{}, map[int]int{}
	}
	if body := s[len("15:04:05"):]; c.shown[n] == body {
		c.same[n]++
	} else {
		c.shown[n], c.same[n] = body, 1
	}
	if prev, ok := c.last[n]; ok {
		c.samples = append(c.samples, t.Sub(prev))
	}
	c.last[n] = t
	c.count++
	return true
}

// Forget starts the machines afresh (their floor was restarted): no cycle
// across the restart, nothing shown yet.
func (c *Cycles) Forget(machines []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range machines {
		delete(c.last, n)
		delete(c.shown, n)
		delete(c.same, n)
	}
}

// Still tells whether each of the machines (their numbers) showed the same
// meters in its last n cycles: its floor has caught up with it at rest.
func (c *Cycles) Still(machines []int, n int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range machines {
		if c.same[m] < n {
			return false
		}
	}
	return true
}

// Stats is the number of cycles and the 50th and 99th percentiles of the time
// between two (zero without two cycles of one machine).
func (c *Cycles) Stats() (n int, p50, p99 time.Duration) {
	c.mu.Lock()
	s := slices.Clone(c.samples)
	n = c.count
	c.mu.Unlock()
	return n, Percentile(s, 50), Percentile(s, 99)
}

// Percentile is the p-th percentile (nearest rank) of d, sorted in place; 0 for
// none.
func Percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	rank := (p*len(d) + 99) / 100 // ceil(p/100 · n)
	return d[max(rank, 1)-1]
}
