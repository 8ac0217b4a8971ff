package report

import (
	"cmp"
	"slices"

	"donations/api"
	"donations/store"
	"donations/textsafe"
)

// Split parts groups keyed by status (as the store keys them) into the
// statuses r counts and the groups it leaves out, the refunded first and
// the others in the order given. The footer, insights and summary say
// what is left out, each in its own room, from this split.
func Split(groups []store.Group, r Rule) (counted []string, left []store.Group) {
	for _, g := range groups {
		switch {
		case Counts(g.Key[0], r):
			counted = append(counted, g.Key[0])
		case g.Key[0] == Refunded:
			left = slices.Insert(left, 0, g)
		default:
			left = append(left, g)
		}
	}
	return counted, left
}

// Left is one status a count leaves out, as every place that says what is
// left out words it: the status as keyed, its Name (safe to print, "no
// status" for none), how many gifts, and for the refunded the money they
// were (their converted sums; nil for the other statuses, whose money is
// not said).
type Left struct {
	Status, Name string
	Count        int
	Money        map[string]api.Decimal
}

// LeftOut is Split's left out groups in words, in its order. The footer
// styles them and says the refunded's money in place of their count where
// it is one sum; summary says both, as a line of text.
func LeftOut(left []store.Group) []Left {
	out := make([]Left, len(left))
	for i, g := range left {
		s := g.Key[0]
		out[i] = Left{Status: s, Name: cmp.Or(textsafe.Line(s), "no status"), Count: g.Count}
		if s == Refunded && len(g.Counted()) > 0 {
			out[i].Money = g.Counted()
		}
	}
	return out
}
