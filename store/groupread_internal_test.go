package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/query"
)

// memStore is a store in memory, closed as the test ends.
func memStore(t testing.TB) *Store {
	t.Helper()
	s, err := Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// givers stores one gift of each of n donors, two days apart, in USD.
func givers(t *testing.T, s *Store, n int) {
	t.Helper()
	putPaid(t, s, n, func(i int) string {
		return fmt.Sprintf(`"email": "d%05d@example.org", "amount": "%d.25", "converted_amount": "%d.25", "converted_currency": "usd"`, i, i, i)
	})
}

// putPaid stores n paid gifts in USD, ids 1 to n, on the days of March
// 2024 in turn; fields(i) gives the rest of gift i's (its e-mail, amount).
func putPaid(t *testing.T, s *Store, n int, fields func(i int) string) {
	t.Helper()
	list := make([]api.Donation, n)
	for i := range list {
		raw := fmt.Sprintf(`{"id": %d, "donation_date": "2024-03-%02d 12:00:00", "status": "paid", "currency": "usd", %s}`,
			i+1, 1+i%28, fields(i))
		if err := list[i].UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Put(context.Background(), list); err != nil {
		t.Fatal(err)
	}
}

// A grouping read on a goroutine of its own ends with its caller, however
// it ends: the caller's context cancelled, the caller's function failing
// (a write that failed), or the read failing (here an amount SQL holds as
// text, at the last donor); each returns its error, leaves no goroutine
// behind, and gives the store's one connection back for the next question.
func TestGroupsEndWithTheirCaller(t *testing.T) {
	ctx := context.Background()
	s := memStore(t)
	const donors = 5 * groupBatch // batches enough for the reader to wait on a full channel
	givers(t, s, donors)
	errStop := errors.New("the write failed")
	cases := []struct {
		name string
		bad  bool // the last donor's amount is text
		fn   func(cancel func(), seen int) error
		want func(error) bool
	}{
		{"cancelled", false, func(cancel func(), seen int) error {
			if seen == 2 {
				cancel()
			}
			return nil
		}, func(err error) bool { return errors.Is(err, context.Canceled) }},
		{"fn fails", false, func(_ func(), seen int) error {
			if seen == 2 {
				return errStop
			}
			return nil
		}, func(err error) bool { return errors.Is(err, errStop) }},
		{"read fails", true, func(func(), int) error { return nil },
			func(err error) bool { return err != nil && strings.Contains(err.Error(), "not an integer") }},
	}
	before := runtime.NumGoroutine()
	for _, c := range cases {
		for _, by := range [][]string{{"donor"}, {"donor", "day"}} {
			t.Run(c.name+fmt.Sprint(by), func(t *testing.T) {
				amount := "amount_e4 * 1"
				if c.bad {
					amount = "'x'"
				}
				if _, err := s.db.ExecContext(ctx, "UPDATE donations SET amount_e4 = "+amount+" WHERE id = ?", donors); err != nil {
					t.Fatal(err)
				}
				for range 10 {
					ctx, cancel := context.WithCancel(ctx)
					seen := 0
					err := s.EachGroup(ctx, query.Filter{Statuses: PaidStatuses}, by, time.UTC, func(Group) error {
						seen++
						return c.fn(cancel, seen)
					})
					cancel()
					if !c.want(err) {
						t.Fatalf("err = %v after %d groups", err, seen)
					}
				}
				if _, err := s.db.ExecContext(ctx, "UPDATE donations SET amount_e4 = 10000 * id - 7500 WHERE id = ?", donors); err != nil {
					t.Fatal(err)
				}
				gs, err := s.Groups(ctx, query.Filter{Statuses: PaidStatuses}, by, time.UTC)
				if err != nil || len(gs) != donors {
					t.Fatalf("then %d groups, %v; want %d", len(gs), err, donors)
				}
			})
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after the groupings ended, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// A summary by donor reads each gift's currencies and key joined by the
// unit separator, and splits them: an address that holds the separator
// (and what looks like a day after it) stays whole, and a store where a
// currency holds it reads the columns apart, with the same groups.
func TestGroupsByDonorSplitHostileText(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, currency string
		perRow         bool
	}{
		{"address", "usd", true},
		{"currency", "u\u001fsd", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := memStore(t)
			var list []api.Donation
			for i, email := range []string{"a\u001f2024-01-01\u001fEUR@x.org", "a\u001f2024-01-01\u001fEUR@x.org", "b@x.org"} {
				raw := fmt.Sprintf(`{"id": %d, "email": %s, "donation_date": "2024-03-0%d 12:00:00", "status": "paid",
					"amount": "%d.50", "currency": %s, "converted_amount": "%d.50", "converted_currency": "eur"}`, i+1, jsonText(email), 1+i/2, i+1, jsonText(tc.currency), i+1)
				var d api.Donation
				if err := d.UnmarshalJSON([]byte(raw)); err != nil {
					t.Fatal(err)
				}
				list = append(list, d)
			}
			if _, err := s.Put(ctx, list); err != nil {
				t.Fatal(err)
			}
			src, err := s.groupSource(ctx, filter{Filter: query.Filter{Statuses: PaidStatuses}}, []string{"donor", "day"}, time.UTC)
			if err != nil || src.perRow != tc.perRow {
				t.Fatalf("read row by row: %v, %v; want %v", src.perRow, err, tc.perRow)
			}
			gs, err := s.Groups(ctx, query.Filter{Statuses: PaidStatuses}, []string{"donor", "day"}, time.UTC)
			if err != nil {
				t.Fatal(err)
			}
			cur := strings.ToUpper(tc.currency)
			var got []string
			for _, g := range gs {
				got = append(got, fmt.Sprintf("%q %d %s %s", g.Key, g.Count, g.Amounts[cur], g.Converted["EUR"]))
			}
			want := []string{
				fmt.Sprintf("%q 2 4.00 4.00", []string{"a\x1f2024-01-01\x1feur@x.org", "2024-03-01"}),
				fmt.Sprintf("%q 1 3.50 3.50", []string{"b@x.org", "2024-03-02"}),
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("groups\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// jsonText is s as a JSON string, its controls escaped as JSON does.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
