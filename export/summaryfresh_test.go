package export_test

import (
	"bytes"
	"fmt"
	"maps"
	"testing"

	"donations/api"
	"donations/export"
	"donations/report"
	"donations/store"
)

// freshGroups reads new groups each time, copies of gs with maps of their
// own, as store.EachGroup does.
func freshGroups(gs []store.Group) func(func(store.Group) error) error {
	return func(fn func(store.Group) error) error {
		for _, g := range gs {
			c := g
			c.Key = append([]string(nil), g.Key...)
			c.Amounts, c.Converted = maps.Clone(g.Amounts), maps.Clone(g.Converted)
			c.Unconverted, c.Refunded = maps.Clone(g.Unconverted), maps.Clone(g.Refunded)
			if err := fn(c); err != nil {
				return err
			}
		}
		return nil
	}
}

func dec(s string) api.Decimal {
	d, err := api.ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// A summary of fresh groups gives their maps back once written, and only
// where it holds none of them any more: sorted, or cut at --top, it
// writes what it would of groups it may not give back, whatever the
// format, for sums past int64, many currencies, a currency that differs
// from another only by what is stripped, and gifts without a conversion.
func TestFreshSummaryWritesWhatAHeldOneWrites(t *testing.T) {
	gs := []store.Group{
		group("A", 3, "USD", "10.00"),
		{Key: []string{"B"}, Count: 4, Amounts: map[string]api.Decimal{"EUR": dec("5.10"), "JPY": dec("1000"), "U\x1bSD": dec("3.00"), "USD": dec("2.00")},
			Converted: map[string]api.Decimal{"USD": dec("12.34")}},
		group("C", 1, "USD", "92233720368547758070.1234"),
		{Key: []string{"D"}, Count: 2, Amounts: map[string]api.Decimal{"GBP": dec("7.25")}, Converted: map[string]api.Decimal{"USD": dec("4.00")},
			Unconverted: map[string]api.Decimal{"GBP": dec("3.25")}, NotConverted: 1},
		group("E", 5, "CAD", "0.0001"),
	}
	for _, format := range []string{"json", "csv", "table"} {
		for _, tc := range []struct {
			order string
			desc  bool
			top   int
		}{{"", false, 0}, {"group", false, 0}, {"group", true, 0}, {"amount", true, 0}, {"count", false, 2}, {"group", false, 2}, {"group", false, 4}} {
			var held, fresh bytes.Buffer
			s := report.Summary{By: []string{"form"}, Groups: groupsOf(gs), Whole: wholeOf(gs, *store.NewGroup(nil)), Order: tc.order, Desc: tc.desc, Top: tc.top}
			heldErr := export.WriteSummary(&held, format, s, 0)
			s.Groups, s.Fresh = freshGroups(gs), true
			freshErr := export.WriteSummary(&fresh, format, s, 0)
			name := fmt.Sprintf("%s %+v", format, tc)
			if heldErr != nil || freshErr != nil {
				t.Fatalf("%s: %v, %v", name, heldErr, freshErr)
			}
			if held.String() != fresh.String() {
				t.Errorf("%s: fresh\n%s\nheld\n%s", name, fresh.String(), held.String())
			}
		}
	}
}
