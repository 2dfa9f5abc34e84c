package main

import "sync/atomic"

// sharedCounter is a counter shared by simulation workers.
type sharedCounter struct{ n atomic.Int64 }

func (c *sharedCounter) add(d int64) { c.n.Add(d) }
func (c *sharedCounter) get() int64  { return c.n.Load() }
