package dataset

import (
	"testing"
	"time"
)

// The pace is the last half minute's: pages that come five times slower
// after the first minute are counted at their own pace within one
// window, where the pace since the start would still say a third of it.
func TestPaceFollowsTheLastPages(t *testing.T) {
	var pc pacer
	start := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	at, done := start, 0
	step := func(every time.Duration, until time.Duration) time.Duration {
		var pace time.Duration
		for at.Sub(start) < until {
			at, done = at.Add(every), done+1
			pace = pc.add(at, done)
		}
		return pace
	}
	if pace := step(100*time.Millisecond, 5*time.Second); pace != 0 {
		t.Errorf("after 5 s: pace %v, want none yet (the pace since the start stands in)", pace)
	}
	if pace := step(100*time.Millisecond, time.Minute); pace != 100*time.Millisecond {
		t.Errorf("after a minute at 10 pages a second: %v a page, want 100ms", pace)
	}
	if pace := step(500*time.Millisecond, time.Minute+paceWindow); pace != 500*time.Millisecond {
		t.Errorf("half a minute at 2 pages a second: %v a page, want 500ms", pace)
	}
	if len(pc.seen) > int(paceWindow/(100*time.Millisecond))+1 {
		t.Errorf("%d marks kept, more than a window holds", len(pc.seen))
	}
}

// A sync's walks count their pages from different places (a walk forward
// by the server's page number, a walk back by the pages stored): where
// the count goes back, the pace starts over, rather than count the pages
// since a mark of the walk before, which said a page took seconds.
func TestPaceStartsOverWhereTheCountGoesBack(t *testing.T) {
	var pc pacer
	at := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	for done := 480; done <= 482; done++ { // the walk forward, near the end of the list
		at = at.Add(time.Second)
		pc.add(at, done)
	}
	for done := 4; done < 2000; done++ { // the walk back, 100 pages a second
		at = at.Add(10 * time.Millisecond)
		if pace := pc.add(at, done); pace != 0 && pace != 10*time.Millisecond {
			t.Fatalf("page %d of the walk back: %v a page, want 10ms", done, pace)
		}
	}
}
