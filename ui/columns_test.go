package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"donations/api"
)

// An 8-digit id shows whole at 160 and 200 columns (it was cut to
// "390509…"); at a width too narrow for it the ID column gives way as
// before, and the columns never pass the width.
func TestWideIDsShowWhole(t *testing.T) {
	body, err := os.ReadFile("../api/testdata/donorbox/donations.json")
	if err != nil {
		t.Fatal(err)
	}
	gifts, _, err := api.DecodePage(body, 1)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]row, len(gifts))
	for i := range gifts {
		rows[i] = newRow(&gifts[i], nil)
	}
	idW := idWidth(len(rows), func(i int) *row { return &rows[i] })
	l := &list{ctx: newContext(Options{Location: time.UTC})}
	for _, tc := range []struct {
		width int
		whole bool
	}{{160, true}, {200, true}, {120, true}, {60, false}} {
		cols := columns(tc.width, nil, idW)
		used := 0
		for _, c := range cols {
			used += c.Width + 1
		}
		if used-1 > tc.width {
			t.Errorf("at %d columns the columns take %d", tc.width, used-1)
		}
		line := ansi.Strip(l.renderRow(cols, &rows[0], false))
		if got := strings.Contains(line, "39050917"); got != tc.whole {
			t.Errorf("at %d columns the id shows whole: %v, want %v\n%s", tc.width, got, tc.whole, line)
		}
		if short := ansi.Strip(l.renderRow(cols, &rows[1], false)); tc.whole && !strings.Contains(short, "   1204 ") {
			t.Errorf("at %d columns a short id is not right-aligned in the wide column:\n%s", tc.width, short)
		}
	}
}
