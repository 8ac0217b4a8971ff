package api

import "testing"

func TestReadAheadNarrowsAfter429AndClimbsBackSlowly(t *testing.T) {
	a := readAhead{limit: 4, width: 4}
	steps := []struct {
		refused int64
		width   int
	}{
		{0, 4}, {0, 4}, {1, 1}, // a 429: one at a time
		{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 2}, // eight calm pages: one more
		{2, 1}, // another 429: back to one
	}
	for i, s := range steps {
		a.adapt(s.refused)
		if a.width != s.width {
			t.Fatalf("step %d: width %d, want %d", i, a.width, s.width)
		}
	}
	for range 3 * climbAfter {
		a.adapt(2)
	}
	if a.width != 4 {
		t.Errorf("width %d after a long calm, want the limit 4", a.width)
	}
}
