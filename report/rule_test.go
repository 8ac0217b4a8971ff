package report_test

import (
	"fmt"
	"slices"
	"testing"

	"donations/api"
	"donations/report"
	"donations/store"
)

// The rule: paid by default, every status but refunded with All, the
// named ones (as the store keys them) otherwise.
func TestTheRuleSaysWhichGiftsCount(t *testing.T) {
	for _, c := range []struct {
		rule  report.Rule
		count []string
		not   []string
		word  string
	}{
		{report.Rule{}, []string{"paid"}, []string{"", "refunded", "pending", "Paid "}, "paid"},
		{report.Rule{All: true}, []string{"", "paid", "pending", "failed"}, []string{"refunded"}, "all but refunded"},
		{report.Rule{Statuses: []string{" PAID ", "pending"}}, []string{"paid", "pending"}, []string{"refunded", "failed", ""}, "the statuses filtered"},
		{report.Rule{Statuses: []string{"refunded"}}, []string{"refunded"}, []string{"paid"}, "refunded"},
	} {
		for _, s := range c.count {
			if !report.Counts(s, c.rule) {
				t.Errorf("%+v does not count %q", c.rule, s)
			}
		}
		for _, s := range c.not {
			if report.Counts(s, c.rule) {
				t.Errorf("%+v counts %q", c.rule, s)
			}
		}
		if got := report.Word(c.rule); got != c.word {
			t.Errorf("%+v is said %q, want %q", c.rule, got, c.word)
		}
	}
}

// What a rule leaves out comes refunded first, the rest in their order.
func TestSplitPutsTheRefundedFirst(t *testing.T) {
	groups := []store.Group{{Key: []string{"failed"}, Count: 3}, {Key: []string{"paid"}, Count: 9},
		{Key: []string{"pending"}, Count: 1}, {Key: []string{"refunded"}, Count: 2}}
	counted, left := report.Split(groups, report.Rule{})
	var keys []string
	for _, g := range left {
		keys = append(keys, g.Key[0])
	}
	if !slices.Equal(counted, []string{"paid"}) || !slices.Equal(keys, []string{"refunded", "failed", "pending"}) {
		t.Fatalf("counted %v, left out %v", counted, keys)
	}
}

// What is left out is worded once: a status by its name ("no status" for
// none, a control character made safe), the refunded with their money.
func TestLeftOutWordsEachStatusOnce(t *testing.T) {
	usd, _ := api.ParseDecimal("12.50")
	left := report.LeftOut([]store.Group{{Key: []string{"refunded"}, Count: 2, Converted: map[string]api.Decimal{"USD": usd}},
		{Key: []string{""}, Count: 3}, {Key: []string{"fail\x1bed"}, Count: 1}})
	got := fmt.Sprint(left)
	if want := "[{refunded refunded 2 map[USD:12.50]} { no status 3 map[]} {fail\x1bed faild 1 map[]}]"; got != want {
		t.Fatalf("left out %q, want %q", got, want)
	}
}
