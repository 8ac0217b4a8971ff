package store

import (
	"testing"
	"time"
)

func TestSameDays(t *testing.T) {
	load := func(name string) *time.Location {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return loc
	}
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		a, b        *time.Location
		from, until string
		want        bool
	}{
		{load("America/New_York"), load("America/Toronto"), "2023-11-01", "2026-11-01", true},
		{load("America/New_York"), time.FixedZone("EST", -5*3600), "2023-11-01", "2026-11-01", false},
		{load("America/New_York"), time.FixedZone("EST", -5*3600), "2023-11-06", "2024-03-09", true},
		{load("Asia/Kolkata"), time.FixedZone("IST", 5*3600+1800), "2000-01-01", "2030-01-01", true},
		{time.UTC, load("Etc/UTC"), "1990-01-01", "2050-01-01", true},
		// Past 31 December of a leap year, with summer time after it.
		{time.UTC, load("Europe/London"), "2040-11-10", "2041-07-01", false},
		{time.UTC, load("Europe/London"), "2024-11-10", "2025-07-01", false},
		{load("America/New_York"), load("US/Eastern"), "2007-01-01", "2045-01-01", true},
	} {
		if got := sameDays(tc.a, tc.b, day(tc.from), day(tc.until)); got != tc.want {
			t.Errorf("sameDays(%v, %v, %s, %s) = %v, want %v", tc.a, tc.b, tc.from, tc.until, got, tc.want)
		}
	}
}

func TestLocalZoneNamesAZoneThatStaysPut(t *testing.T) {
	for _, tc := range []struct{ tz, want string }{
		{"America/New_York", "America/New_York"},
		{":Europe/Paris", "Europe/Paris"},
		{"", "UTC"},
		{"localtime", "UTC"},
		{"Not/AZone", "UTC"},
		{"/usr/share/zoneinfo/Europe/Paris", "UTC"},
	} {
		t.Setenv("TZ", tc.tz)
		if got := localZone(); got != tc.want {
			t.Errorf("TZ=%q: %q, want %q", tc.tz, got, tc.want)
		}
	}
}
