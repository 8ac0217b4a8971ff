package store

import (
	"context"
	"donations/query"
	"fmt"
	"strings"
	"testing"
	"time"
)

// A summary by donor, alone or with a period of days, of every gift or of
// some statuses reads donations_donor in its order and sorts nothing, not
// even a donor's own rows by currency: SQLite took the status's index for
// the paid gifts, read each from the table and sorted them all.
func TestGroupsByDonorSortNothing(t *testing.T) {
	ctx := context.Background()
	s := memStore(t)
	for _, f := range []filter{{}, {Filter: query.Filter{Statuses: PaidStatuses}}, {Filter: query.Filter{Statuses: []string{"paid", "pending"}}}} {
		for _, by := range [][]string{{"donor"}, {"donor", "day"}, {"donor", "month"}} {
			t.Run(fmt.Sprint(f.Statuses, by), func(t *testing.T) {
				where, args, err := f.where()
				if err != nil {
					t.Fatal(err)
				}
				src, err := s.groupSource(ctx, f, by, time.UTC)
				if err != nil {
					t.Fatal(err)
				}
				got := plan(t, s, src.query(where), args...)
				if !strings.Contains(got, "COVERING INDEX donations_donor") || strings.Contains(got, "TEMP B-TREE") {
					t.Errorf("grouped by\n%s", got)
				}
			})
		}
	}
}
