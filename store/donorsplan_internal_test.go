package store

import (
	"strings"
	"testing"
)

// A page of donors, by any sort under any rule, reads the sort's indexes in
// their order and sorts at most the donors of equal figures it meets there:
// sorting every donor a rule counts took most of a page at a million. Under
// a rule it merges every gift's index with the rule's, which holds only the
// donors whose figure differs (see donorRule.apart). Their count reads the
// rule's index of the gifts for the donors it does not count.
func TestDonorPagesReadTheirSortsIndex(t *testing.T) {
	s := memStore(t)
	for _, rule := range donorRules {
		for sort, col := range DonorSorts {
			for _, desc := range []bool{false, true} {
				got := plan(t, s, rulePage(rule, col, desc), 200, 0)
				want := []string{"donors_" + col}
				switch {
				case col == "email_key":
					want = []string{"donors_email_key"}
				case rule.prefix != "":
					want = append(want, "donors_"+rule.prefix+col)
				}
				if strings.Contains(got, "TEMP B-TREE FOR ORDER BY") || len(want) > 1 && !strings.Contains(got, "MERGE (UNION ALL)") {
					t.Errorf("rule %q, by %s (desc %v), reads\n%s\nwant %s in their order", rule.prefix, sort, desc, got, want)
				}
				for _, index := range want {
					if !strings.Contains(got, "INDEX "+index+"\n") && !strings.Contains(got, "INDEX "+index+" (") && !strings.HasSuffix(got, "INDEX "+index) {
						t.Errorf("rule %q, by %s (desc %v), reads\n%s\nwant %s in its order", rule.prefix, sort, desc, got, index)
					}
				}
			}
		}
		count := plan(t, s, countOf(rule))
		if rule.prefix != "" && !strings.Contains(count, "INDEX donors_"+rule.prefix+"gifts ("+rule.prefix+"gifts=?)") {
			t.Errorf("the donors of rule %q are counted by\n%s", rule.prefix, count)
		}
	}
}
