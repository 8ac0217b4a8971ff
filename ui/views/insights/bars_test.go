package insights

import (
	"testing"

	"donations/store"
)

func TestSparklineSpansFewestToMost(t *testing.T) {
	groups := groupsOfCounts(10, 15, 20)
	if got := sparkline(groups, 10); got != "▁▄█" {
		t.Errorf("sparkline = %q", got)
	}
	if got := sparkline(groupsOfCounts(5, 5), 10); got != "██" {
		t.Errorf("flat sparkline = %q", got)
	}
	if got := sparkline(groupsOfCounts(1, 2, 3, 4), 2); got != "▁█" {
		t.Errorf("the latest that fit: %q", got)
	}
}

func groupsOfCounts(counts ...int) []store.Group {
	var out []store.Group
	for _, n := range counts {
		out = append(out, store.Group{Key: []string{"k"}, Count: n})
	}
	return out
}
