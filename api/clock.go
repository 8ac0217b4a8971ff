package api

import (
	"context"
	"time"
)

// Clock is the time the client paces, backs off and keeps its retry budget
// by. Tests give a clock whose waits end at once; each attempt's deadline
// and measured duration stay on the real clock, as they time a real network.
type Clock interface {
	Now() time.Time
	// Sleep waits d, or until ctx ends, and then returns ctx.Err().
	Sleep(ctx context.Context, d time.Duration) error
}

// WallClock is the real time, the clock a Config without one gets.
var WallClock Clock = wallClock{}

type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
