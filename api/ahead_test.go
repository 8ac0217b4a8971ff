package api

import "testing"

func TestReadAheadNarrowsAfter429AndClimbsBackSlowly(t *testing.T) {
	t.Parallel()
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

// Pages read ahead are bounded by their bytes too: pages of long records
// (a megabyte and more) are fewer at once, those as servers usually send
// them (some 120 kB) as many as the width allows.
func TestReadAheadHoldsFewerPagesOfLongRecords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		largest, width, want int
	}{
		{0, 8, 8},              // no page taken yet: the width
		{120_000, 16, 16},      // pages as the demo serves them
		{1_240_000, 8, 3},      // the demo's long fields
		{aheadBytes + 1, 8, 1}, // one page larger than the bound: that page alone
		{1_240_000, 1, 1},      // after a 429
	} {
		a := readAhead{limit: c.width, width: c.width, largest: c.largest}
		if got := a.fits(); got != c.want {
			t.Errorf("largest page %d bytes, width %d: %d pages at once, want %d", c.largest, c.width, got, c.want)
		}
	}
}
