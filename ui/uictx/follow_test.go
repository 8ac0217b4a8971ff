package uictx

import "testing"

func TestFollow(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		i, n, h, offset          int
		wantCursor, wantFirstRow int
	}{
		{"within the screen", 3, 100, 10, 0, 3, 0},
		{"below it scrolls just enough", 12, 100, 10, 0, 12, 3},
		{"above it scrolls up to it", 4, 100, 10, 8, 4, 4},
		{"past the end stops on the last row", 150, 100, 10, 0, 99, 90},
		{"before the start stops on the first", -5, 100, 10, 20, 0, 0},
		{"a screen taller than the rows keeps the first on top", 5, 8, 10, 3, 5, 0},
		{"no rows", 3, 0, 10, 4, 0, 0},
		{"no room on screen", 5, 100, 0, 2, 5, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, f := Follow(tc.i, tc.n, tc.h, tc.offset)
			if c != tc.wantCursor || f != tc.wantFirstRow {
				t.Errorf("Follow(%d, %d, %d, %d) = %d, %d; want %d, %d", tc.i, tc.n, tc.h, tc.offset, c, f, tc.wantCursor, tc.wantFirstRow)
			}
		})
	}
}
