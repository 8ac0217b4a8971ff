package uictx

import "testing"

// Content is drawn the first time, again when what it is drawn from
// changes, and not for a frame that shows the same.
func TestDrawnIsStaleOnlyWhenWhatItShowsChanged(t *testing.T) {
	var d Drawn[[2]int]
	for i, c := range []struct {
		key   [2]int
		stale bool
	}{{[2]int{80, 1}, true}, {[2]int{80, 1}, false}, {[2]int{120, 1}, true}, {[2]int{120, 2}, true}, {[2]int{120, 2}, false}} {
		if got := d.Stale(c.key); got != c.stale {
			t.Errorf("frame %d, drawn from %v: stale %v, want %v", i, c.key, got, c.stale)
		}
	}
}
