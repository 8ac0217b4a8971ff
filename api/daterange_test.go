package api

import (
	"strings"
	"testing"
	"time"
)

func TestParseDateRange(t *testing.T) {
	t.Parallel()
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	now := time.Date(2026, 3, 15, 14, 30, 0, 0, paris)
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, paris) }
	tests := []struct {
		name, since, until string
		want               DateRange
		err                string
	}{
		{"both empty", "", "", DateRange{}, ""},
		{"date since is its midnight", "2026-03-01", "", DateRange{Since: at(2026, 3, 1, 0, 0)}, ""},
		{"date until takes the whole day", "", "2026-03-31", DateRange{Until: at(2026, 4, 1, 0, 0)}, ""},
		{"same date both ends is one day", "2026-03-01", "2026-03-01", DateRange{Since: at(2026, 3, 1, 0, 0), Until: at(2026, 3, 2, 0, 0)}, ""},
		{"today", "today", "today", DateRange{Since: at(2026, 3, 15, 0, 0), Until: at(2026, 3, 16, 0, 0)}, ""},
		{"today is case-blind", " Today ", "", DateRange{Since: at(2026, 3, 15, 0, 0)}, ""},
		{"7d counts back from now", "7d", "", DateRange{Since: at(2026, 3, 8, 14, 30)}, ""},
		{"30d across a month", "30d", "", DateRange{Since: at(2026, 2, 13, 14, 30)}, ""},
		{"0d is now", "", "0d", DateRange{Until: now}, ""},
		{"local date-time", "2026-03-01T09:30", "", DateRange{Since: at(2026, 3, 1, 9, 30)}, ""},
		{"local date-time with a space and seconds", "2026-03-01 09:30:00", "", DateRange{Since: at(2026, 3, 1, 9, 30)}, ""},
		{"RFC 3339 keeps its zone", "2026-03-01T08:30:00.000Z", "", DateRange{Since: time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC)}, ""},
		{"lower-case z is accepted", "2026-03-01t08:30:00z", "", DateRange{Since: time.Date(2026, 3, 1, 8, 30, 0, 0, time.UTC)}, ""},
		{"RFC 3339 without seconds", "2025-01-01T00:00Z", "", DateRange{Since: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}, ""},
		{"an offset without seconds", "2025-01-01T09:30+05:30", "", DateRange{Since: time.Date(2025, 1, 1, 4, 0, 0, 0, time.UTC)}, ""},
		{"since after until", "2026-03-02", "2026-03-01", DateRange{}, "is not before --until"},
		{"since equal to until instant", "2026-03-01T10:00", "2026-03-01T10:00", DateRange{}, "is not before --until"},
		{"word", "yesterday", "", DateRange{}, "--since: \"yesterday\" is not a date"},
		{"bad days", "", "xd", DateRange{}, "--until: \"xd\" is not a number of days"},
		{"negative days", "-3d", "", DateRange{}, "not a number of days"},
		{"impossible date", "2026-02-30", "", DateRange{}, "is not a date"},
		{"slashes", "03/01/2026", "", DateRange{}, "is not a date"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseDateRange(tc.since, tc.until, now)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !got.Since.Equal(tc.want.Since) || !got.Until.Equal(tc.want.Until) {
				t.Fatalf("got [%v, %v), want [%v, %v)", got.Since, got.Until, tc.want.Since, tc.want.Until)
			}
		})
	}
}

func TestDateRangeContains(t *testing.T) {
	t.Parallel()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }
	r := DateRange{Since: day(1), Until: day(2)}
	tests := []struct {
		name string
		r    DateRange
		t    time.Time
		want bool
	}{
		{"since is inside", r, day(1), true},
		{"until is outside", r, day(2), false},
		{"last millisecond inside", r, day(2).Add(-time.Millisecond), true},
		{"before since", r, day(1).Add(-time.Millisecond), false},
		{"open range holds all", DateRange{}, day(9), true},
		{"open start", DateRange{Until: day(2)}, day(1), true},
		{"open end", DateRange{Since: day(2)}, day(1), false},
	}
	for _, tc := range tests {
		if got := tc.r.Contains(tc.t); got != tc.want {
			t.Errorf("%s: Contains(%v) = %v, want %v", tc.name, tc.t, got, tc.want)
		}
	}
	if !(DateRange{}).IsZero() || r.IsZero() {
		t.Error("IsZero wrong")
	}
}
