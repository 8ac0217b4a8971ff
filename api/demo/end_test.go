package demo

import (
	"strings"
	"testing"
	"time"
)

// The demo ends where it is told: the program's --demo ends it at the moment
// it starts, so that "this month" and "last month" hold gifts on any day.
func TestTheDataSetEndsWhereItIsTold(t *testing.T) {
	for _, end := range []time.Time{
		time.Date(2026, 12, 7, 2, 30, 0, 0, time.UTC),
		time.Date(2029, 3, 1, 0, 0, 0, 0, time.UTC),
	} {
		s := New(Options{End: end})
		newest := s.data.date(len(s.data.entries) - 1)
		if newest.After(end) || end.Sub(newest) > s.data.step {
			t.Errorf("ending %s: the newest gift is at %s, want within %s before the end", end, newest, s.data.step)
		}
		if oldest := s.data.date(0); oldest.Before(end.Add(-span)) {
			t.Errorf("ending %s: the oldest gift is at %s, before the three years", end, oldest)
		}
	}
}

// The stories move with the end by whole years, so a donor who lapsed "last
// year" has lapsed last year on any day, and the data the tests pin (End)
// keeps its stories where they were written.
func TestTheStoriesMoveWithTheEndByWholeYears(t *testing.T) {
	cases := []struct {
		end   time.Time
		years string
	}{
		{time.Time{}, "2023 2024 2026 2026"},
		{time.Date(2026, 12, 7, 2, 30, 0, 0, time.UTC), "2023 2024 2026 2026"},
		{time.Date(2027, 11, 2, 0, 0, 0, 0, time.UTC), "2024 2025 2027 2027"},
		{time.Date(2029, 11, 20, 0, 0, 0, 0, time.UTC), "2026 2027 2029 2029"},
	}
	for _, tc := range cases {
		var years []string
		for _, g := range gifts(New(Options{End: tc.end}), "tomas.herrera@example.es") {
			years = append(years, g.DonationDate[:4])
		}
		if got := strings.Join(years, " "); got != tc.years {
			t.Errorf("ending %s: Tomás gave in %s, want %s", tc.end, got, tc.years)
		}
	}
}

func TestYearsAfter(t *testing.T) {
	cases := []struct {
		t    time.Time
		want int
	}{
		{End, 0},
		{End.AddDate(0, 11, 30), 0},
		{End.AddDate(1, 0, 0), 1},
		{End.AddDate(1, 0, 0).Add(-time.Second), 0},
		{End.Add(-time.Second), -1},
		{End.AddDate(-1, 0, 0), -1},
		{End.AddDate(-1, 0, 0).Add(-time.Second), -2},
	}
	for _, tc := range cases {
		if got := yearsAfter(End, tc.t); got != tc.want {
			t.Errorf("yearsAfter(End, %s) = %d, want %d", tc.t, got, tc.want)
		}
	}
}

// No gift is updated after the data set ends: the demo ends now, and a
// "Last updated" in the future would be a refund that has not happened yet.
func TestNoGiftIsUpdatedAfterTheEnd(t *testing.T) {
	for _, end := range []time.Time{End, time.Date(2026, 12, 7, 3, 47, 0, 0, time.UTC)} {
		s := New(Options{End: end})
		for i := range s.data.entries {
			rec := s.data.record(i)
			updated, err := time.Parse(time.RFC3339, rec.LastUpdatedAt)
			if err != nil {
				t.Fatalf("donation %d: last_updated_at %q: %v", rec.ID, rec.LastUpdatedAt, err)
			}
			if updated.After(end) {
				t.Errorf("ending %s: donation %d (%s, given %s) was updated at %s, after the end", end, rec.ID, rec.Status, rec.DonationDate, rec.LastUpdatedAt)
			}
		}
	}
}
