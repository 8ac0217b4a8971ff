package api

import (
	"fmt"
	"strings"
	"time"
)

// DatePresets are the names the browser offers as one-key ranges, in the
// order it shows them; PresetRange turns one into the same DateRange the
// command line's --since/--until would give.
var DatePresets = []string{"today", "7 days", "30 days", "this month", "last month", "this year"}

// PresetRange is the range a preset names at now, in now's location; month
// and year presets are whole calendar spans, so "last month" in March is all
// of February and nothing of March.
func PresetRange(name string, now time.Time) (DateRange, error) {
	y, m, _ := now.Date()
	loc := now.Location()
	first := func(y int, m time.Month) time.Time { return time.Date(y, m, 1, 0, 0, 0, 0, loc) }
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "today":
		return ParseDateRange("today", "today", now)
	case "7 days", "7d":
		return ParseDateRange("7d", "", now)
	case "30 days", "30d":
		return ParseDateRange("30d", "", now)
	case "this month":
		return DateRange{Since: first(y, m), Until: first(y, m+1)}, nil
	case "last month":
		return DateRange{Since: first(y, m-1), Until: first(y, m)}, nil
	case "this year":
		return DateRange{Since: first(y, time.January), Until: first(y+1, time.January)}, nil
	}
	return DateRange{}, fmt.Errorf("%q is not a date preset (%s)", name, strings.Join(DatePresets, ", "))
}
