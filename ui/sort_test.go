package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/store"
	"donations/ui/uictx"
)

// worth is what a gift sorts by, the store's rule (amountKey): its
// converted amount, or where the server sent none (old Donorbox gifts) its
// amount in its own currency.
func worth(t *testing.T, r uictx.Row) api.Decimal {
	d := full(t, &r)
	if v, ok := d.ConvertedAmount.Decimal(); ok {
		return v
	}
	v, ok := d.Amount.Decimal()
	if !ok {
		t.Fatalf("donation %d has no amount", r.Summary.ID.Value)
	}
	return v
}

func TestSortByAColumnAndAgainReverses(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// The order is checked row by row: three pages hold ties and
			// every status as well.
			src, _ := demoSource(t, sh.Of(demo.Options{Count: testCount}))
			d := newDriver(t, src, 120, 30)
			d.keys("G", "s", "a")
			rows := d.shownRows()
			for i := 1; i < len(rows); i++ {
				if worth(t, rows[i-1]).Compare(worth(t, rows[i])) < 0 {
					t.Fatalf("row %d (%s) comes before a larger gift (%s)", i-1, worth(t, rows[i-1]), worth(t, rows[i]))
				}
			}
			d.mustShow("by amount ↓", "↓AMOUNT")
			d.keys("s", "a")
			d.mustShow("by amount ↑")
			if got := d.m.data.At(0).Summary.ID; got != rows[len(rows)-1].Summary.ID {
				t.Errorf("reversed, the first row is %v, want %v", got.Value, rows[len(rows)-1].Summary.ID.Value)
			}
			d.keys("o")
			d.mustShow("by amount ↓")
		})
	}
}

func TestClickingATitleSortsByIt(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 30)
	d.keys("G")
	x := strings.Index(lines(d.screen())[1], "DONOR")
	d.send(tea.MouseClickMsg{X: x + 1, Y: 1, Button: tea.MouseLeft})
	d.mustShow("by name ↑", "DONOR↑")
	rows := d.shownRows()
	keys := make([]string, len(rows))
	for i, r := range rows {
		keys[i] = store.Fold(r.Summary.LastName.Value + " " + r.Summary.FirstName.Value)
	}
	if !slices.IsSorted(keys) {
		t.Errorf("rows are not in name order: %q…", keys[:min(5, len(keys))])
	}
}

func TestAnyOtherKeyCancelsTheSort(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 30})
	d := newDriver(t, src, 120, 30)
	d.keys("s")
	d.mustShow("Sort by?", "a amount")
	d.keys("z")
	if d.m.focus != listID || d.m.data.q.Sort != "" {
		t.Errorf("after z: focus %v, sort %q", d.m.focus, d.m.data.q.Sort)
	}
}
