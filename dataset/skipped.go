package dataset

import (
	"fmt"
	"strings"

	"donations/api"
)

// repeatedID is why one of two records of an id on one page is not
// stored: the store holds one record per id, the later copy (see copies).
const repeatedID = "an id already on its page (the later copy was kept)"

// skipped counts the records of a sync's pages that the store cannot hold,
// by why, so that the sync can say so rather than drop them without a word
// (`list` shows them as the server sent them).
type skipped struct {
	n   map[string]int
	all int
}

// add counts what page's records the store cannot hold.
func (s *skipped) add(page *api.Page) {
	if page == nil {
		return
	}
	ids := make(map[int64]struct{}, len(page.Donations))
	for i := range page.Donations {
		d := &page.Donations[i]
		why := d.WhyNoID()
		if why == "" {
			if _, twice := ids[d.ID.Value]; !twice {
				ids[d.ID.Value] = struct{}{}
				continue
			}
			why = repeatedID
		}
		if s.n == nil {
			s.n = map[string]int{}
		}
		s.n[why]++
		s.all++
	}
}

// warnings says how many records were skipped and why, if any were.
func (s *skipped) warnings() []string {
	if s.all == 0 {
		return nil
	}
	var parts []string
	for _, why := range []string{"no id", "an id that is not a whole number", repeatedID} {
		if n := s.n[why]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d with %s", n, why))
		}
	}
	return []string{fmt.Sprintf("%d %s not stored: %s", s.all, plural(s.all, "record was", "records were"), strings.Join(parts, ", "))}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
