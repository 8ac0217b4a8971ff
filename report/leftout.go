package report

import (
	"slices"

	"donations/store"
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
