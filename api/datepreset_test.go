package api

import (
	"strings"
	"testing"
	"time"
)

func TestPresetRange(t *testing.T) {
	t.Parallel()
	loc := time.FixedZone("X", 2*3600)
	at := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, loc) }
	now := at(2026, 1, 15, 14, 30)
	tests := []struct {
		name, preset string
		want         DateRange
		err          string
	}{
		{"today", "today", DateRange{Since: at(2026, 1, 15, 0, 0), Until: at(2026, 1, 16, 0, 0)}, ""},
		{"7 days", "7 days", DateRange{Since: at(2026, 1, 8, 14, 30)}, ""},
		{"30 days crosses the year", "30 days", DateRange{Since: at(2025, 12, 16, 14, 30)}, ""},
		{"this month", "This Month", DateRange{Since: at(2026, 1, 1, 0, 0), Until: at(2026, 2, 1, 0, 0)}, ""},
		{"last month in January is December", "last month", DateRange{Since: at(2025, 12, 1, 0, 0), Until: at(2026, 1, 1, 0, 0)}, ""},
		{"this year", "this year", DateRange{Since: at(2026, 1, 1, 0, 0), Until: at(2027, 1, 1, 0, 0)}, ""},
		{"unknown", "last week", DateRange{}, `"last week" is not a date preset`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PresetRange(tt.preset, now)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !got.Since.Equal(tt.want.Since) || !got.Until.Equal(tt.want.Until) {
				t.Fatalf("got %v..%v, want %v..%v", got.Since, got.Until, tt.want.Since, tt.want.Until)
			}
		})
	}
}

func TestEveryPresetParses(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 31, 23, 59, 0, 0, time.UTC)
	for _, p := range DatePresets {
		r, err := PresetRange(p, now)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// Every preset but "last month" runs up to now.
		if r.Contains(now.Add(-time.Minute)) == (p == "last month") {
			t.Errorf("%s: %v..%v and a minute ago disagree", p, r.Since, r.Until)
		}
	}
}
