package ask

import (
	"strings"
	"time"

	"donations/api"
)

// EmptyText says that nothing answers q, and what q asked, in one line:
// the dates its range meant ("no gifts 2026-11-01..2026-11-30") and its
// other filters ("with status refunded"). A word such as "last month"
// names dates that change; the line names the ones it was read as.
func (q Question) EmptyText() string {
	text := "no gifts"
	if r := q.Filter.Dates; !r.IsZero() {
		text += " " + RangeText(r)
	}
	var with []string
	for _, c := range q.Chips() {
		if c.Field.Name != "dates" {
			with = append(with, c.Field.Chip+" "+c.Text)
		}
	}
	if len(with) > 0 {
		text += " with " + strings.Join(with, ", ")
	}
	return text
}

// RangeText is a date range as a person reads it: its first and last day
// ("2026-11-01..2026-11-30"), a time of day where an end falls within a
// day, and an open end left empty.
func RangeText(r api.DateRange) string {
	from, to := "", ""
	if !r.Since.IsZero() {
		from = dayText(r.Since)
	}
	if !r.Until.IsZero() {
		to = dayText(r.Until)
		if midnight(r.Until) {
			to = dayText(r.Until.AddDate(0, 0, -1)) // Until is exclusive: the day before it is the last
		}
	}
	return from + ".." + to
}

func dayText(t time.Time) string {
	if midnight(t) {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02 15:04")
}

func midnight(t time.Time) bool {
	h, m, s := t.Clock()
	return h == 0 && m == 0 && s == 0 && t.Nanosecond() == 0
}
