package store

import (
	"context"
	"strings"
	"testing"
)

// A page of donors, by any sort under any rule, reads the sort's index in
// its order and sorts at most the donors of equal figures it meets there:
// sorting every donor a rule counts took most of a page at a million. Their
// count seeks the gifts' index to the donors a rule counts.
func TestDonorPagesReadTheirSortsIndex(t *testing.T) {
	ctx := context.Background()
	s, err := Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, rule := range donorRules {
		for sort, col := range DonorSorts {
			for _, desc := range []bool{false, true} {
				got := plan(t, s, donorPage(donorsOf(rule, true), col, desc), 200, 0)
				index := "donors_" + rule.prefix + col
				if col == "email_key" {
					index = "donors_email_key"
				}
				if strings.Contains(got, "TEMP B-TREE FOR ORDER BY") || !strings.Contains(got, "INDEX "+index+"\n") && !strings.HasSuffix(got, "INDEX "+index) {
					t.Errorf("rule %q, by %s (desc %v), reads\n%s\nwant %s in its order", rule.prefix, sort, desc, got, index)
				}
			}
		}
		count := plan(t, s, "SELECT count(*) FROM "+donorsOf(rule, false))
		if rule.prefix != "" && !strings.Contains(count, "COVERING INDEX donors_"+rule.prefix+"gifts ("+rule.prefix+"gifts>?)") {
			t.Errorf("the donors of rule %q are counted by\n%s", rule.prefix, count)
		}
	}
}
