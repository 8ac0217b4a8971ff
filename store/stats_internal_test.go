package store

import (
	"context"
	"donations/query"
	"strings"
	"testing"
)

// The median of the browser's statuses walks the converted amounts' index
// to its middle and counts from the rollups: sorting the paid gifts (a temp
// b-tree) would take seconds at a million.
func TestMedianOfStatusesSortsNothing(t *testing.T) {
	ctx := context.Background()
	s := memStore(t)
	for _, f := range []query.Filter{{}, {Statuses: PaidStatuses}, {Statuses: []string{"paid", "pending", "failed", "disputed"}},
		{Statuses: []string{"Refunded"}}} {
		mq, err := s.medianOf(ctx, filter{Filter: f})
		if err != nil {
			t.Fatal(err)
		}
		middle := plan(t, s, mq.middle, append(mq.args, 2, 0)...)
		if strings.Contains(middle, "TEMP B-TREE") || !strings.Contains(middle, "COVERING INDEX donations_converted") {
			t.Errorf("the middle of %q is read by\n%s", f.Statuses, middle)
		}
		if count := plan(t, s, mq.count, mq.args...); strings.Contains(count, "donations") {
			t.Errorf("the median of %q counts by\n%s", f.Statuses, count)
		}
	}
}

// plan is SQLite's plan of q, one step a line.
func plan(t *testing.T, s *Store, q string, args ...any) string {
	t.Helper()
	rows, err := s.db.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		out = append(out, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}
