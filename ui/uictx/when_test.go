package uictx

import (
	"testing"
	"time"

	"donations/api"
)

// A date with no time is the day written in every zone the browser shows
// dates in; a date-time is the same instant, shown in the zone asked.
func TestWhenShowsADateOnlyGiftOnItsDayInEveryZone(t *testing.T) {
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err) // the program embeds time/tzdata: every zone loads
	}
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text string
		loc  *time.Location
		want string
	}{
		{"2026-01-01", newYork, "2026-01-01"},
		{"2026-01-01", tokyo, "2026-01-01"},
		{"2026-01-01", time.UTC, "2026-01-01"},
		{"2026-01-01T03:00:00Z", newYork, "2025-12-31"},
		{"2026-01-01T03:00:00+0000", tokyo, "2026-01-01"},
	} {
		got := When(api.Text{Value: tc.text, Valid: true}, tc.loc, time.DateOnly)
		if got != tc.want {
			t.Errorf("When(%q) in %s = %s, want %s", tc.text, tc.loc, got, tc.want)
		}
	}
}
