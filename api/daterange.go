package api

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DateRange is a half-open span of time [Since, Until); a zero bound is open.
// Until is exclusive so that "--until 2026-03-31" can take in the whole of
// that day without guessing how many milliseconds a day's last instant has.
type DateRange struct{ Since, Until time.Time }

// dateTimeLayouts are the date-times a person types; a zone-less one is read
// in the caller's location, since that is the clock the person looks at.
var dateTimeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05", "2006-01-02 15:04:05",
	"2006-01-02T15:04", "2006-01-02 15:04"}

// ParseDateRange reads the --since and --until texts (either may be empty):
// a date (2026-03-01), a date-time (2026-03-01T09:30, RFC 3339 with a zone),
// "today", or a number of days back ("7d", "30d"). A date as --until includes
// that whole day; "today" as --since starts at midnight, as --until ends at
// the next midnight. now fixes the clock and its location, so tests and the
// UI's presets agree.
func ParseDateRange(since, until string, now time.Time) (DateRange, error) {
	var r DateRange
	var err error
	if r.Since, err = parseBound(since, now, false); err != nil {
		return DateRange{}, fmt.Errorf("--since: %w", err)
	}
	if r.Until, err = parseBound(until, now, true); err != nil {
		return DateRange{}, fmt.Errorf("--until: %w", err)
	}
	if !r.Since.IsZero() && !r.Until.IsZero() && !r.Since.Before(r.Until) {
		return DateRange{}, fmt.Errorf("--since %s is not before --until %s", since, until)
	}
	return r, nil
}

// parseBound reads one bound; upper says it ends a range, so a whole day
// named by a date or "today" runs to the following midnight.
func parseBound(text string, now time.Time, upper bool) (time.Time, error) {
	s := strings.TrimSpace(strings.ToLower(text))
	loc := now.Location()
	midnight := func(t time.Time) time.Time {
		y, m, d := t.Date()
		if upper {
			d++
		}
		return time.Date(y, m, d, 0, 0, 0, 0, loc)
	}
	switch {
	case s == "":
		return time.Time{}, nil
	case s == "today":
		return midnight(now), nil
	case strings.HasSuffix(s, "d"):
		n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err != nil || n < 0 || n > 100000 {
			return time.Time{}, fmt.Errorf("%q is not a number of days such as 7d or 30d", text)
		}
		return now.AddDate(0, 0, -n), nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, loc); err == nil {
		return midnight(t), nil
	}
	for _, layout := range dateTimeLayouts {
		if t, err := time.ParseInLocation(layout, strings.ToUpper(s), loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date (2026-03-01), a date-time (2026-03-01T09:30), today, or 7d/30d", text)
}

// Contains says whether t falls in the range.
func (r DateRange) Contains(t time.Time) bool {
	return (r.Since.IsZero() || !t.Before(r.Since)) && (r.Until.IsZero() || t.Before(r.Until))
}

// location is where the range's bounds are: a date sent with no time is a
// day there.
func (r DateRange) location() *time.Location {
	if r.Since.IsZero() {
		return r.Until.Location()
	}
	return r.Since.Location()
}

// IsZero says the range has no bound at all.
func (r DateRange) IsZero() bool { return r.Since.IsZero() && r.Until.IsZero() }
