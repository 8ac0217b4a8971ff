package apitest

import (
	"context"
	"sync/atomic"
	"time"
)

// Clock is an api.Clock whose waits end at once and move its time on by
// what they waited: it reads the real time plus every wait so far, so a
// demo server given its Now sees the windows of its rate limit pass as the
// client waits them out, and tests take no time waiting. With From set it
// reads From plus every wait and not the real time: where a rate limit's
// windows fall among the requests then depends on the requests alone, not
// on how fast the machine runs them.
type Clock struct {
	From  time.Time
	slept atomic.Int64
}

func (c *Clock) Now() time.Time {
	if !c.From.IsZero() {
		return c.From.Add(c.Slept())
	}
	return time.Now().Add(c.Slept())
}

// Sleep returns at once, having moved the clock on by d, unless ctx has
// ended: a wait that the caller cancelled is still refused.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.slept.Add(int64(max(d, 0)))
	return nil
}

// Slept is the time all waits so far would have taken.
func (c *Clock) Slept() time.Duration { return time.Duration(c.slept.Load()) }

// Since is a clock that reads start when it is made and moves on with the
// wall clock from there: a demo server given it as its Now dates the gifts
// it adds and the changes it makes from start, whatever day the test runs,
// and still sees its rate limit's windows pass.
func Since(start time.Time) func() time.Time {
	began := time.Now()
	return func() time.Time { return start.Add(time.Since(began)) }
}
