package ask

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"donations/api"
)

// dateWords are examples of the words for a span of dates that a
// question reads on top of api.DatePresets, as the error for a date it
// cannot read names them.
var dateWords = []string{"october", "oct 2026", "2026-10", "2026", "fiscal 2026", "FY2026"}

var (
	yearMonth  = regexp.MustCompile(`^(\d{4})-(\d{2})$`)
	monthWord  = regexp.MustCompile(`^([a-z]{3,9})\.?(?:\s+(\d{4}))?$`)
	fiscalYear = regexp.MustCompile(`^(?:fiscal\s*(?:year\s*)?|fy\s*)(\d{4})$`)
	calendarYr = regexp.MustCompile(`^\d{4}$`)
)

// wordRange is the span a date word names at now, in now's location: a
// preset ("last month"), a month ("2026-10", "october", "oct 2026"; a
// month without its year is the latest one begun), a calendar year
// ("2026"), or a fiscal year ("fiscal 2026", "FY2026"), which starts in
// fiscalStart (0 or 1: January) and is named by the calendar year it ends
// in, as the reports name it.
func wordRange(text string, now time.Time, fiscalStart int) (api.DateRange, bool) {
	if r, err := api.PresetRange(text, now); err == nil {
		return r, true
	}
	s := strings.ToLower(strings.TrimSpace(text))
	loc := now.Location()
	span := func(y int, m time.Month, months int) (api.DateRange, bool) {
		from := time.Date(y, m, 1, 0, 0, 0, 0, loc)
		return api.DateRange{Since: from, Until: from.AddDate(0, months, 0)}, true
	}
	if m := yearMonth.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		if mon, _ := strconv.Atoi(m[2]); mon >= 1 && mon <= 12 {
			return span(y, time.Month(mon), 1)
		}
		return api.DateRange{}, false
	}
	if calendarYr.MatchString(s) {
		y, _ := strconv.Atoi(s)
		return span(y, time.January, 12)
	}
	if m := fiscalYear.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		if fiscalStart <= 1 || fiscalStart > 12 {
			return span(y, time.January, 12)
		}
		return span(y-1, time.Month(fiscalStart), 12)
	}
	if m := monthWord.FindStringSubmatch(s); m != nil {
		mon, ok := monthNamed(m[1])
		if !ok {
			return api.DateRange{}, false
		}
		y := now.Year()
		if m[2] != "" {
			y, _ = strconv.Atoi(m[2])
		} else if mon > now.Month() {
			y-- // the latest one begun
		}
		return span(y, mon, 1)
	}
	return api.DateRange{}, false
}

// monthNamed is the month a word names: its English name or the first
// three letters or more of it.
func monthNamed(word string) (time.Month, bool) {
	for m := time.January; m <= time.December; m++ {
		if name := strings.ToLower(m.String()); word == name || len(word) >= 3 && strings.HasPrefix(name, word) {
			return m, true
		}
	}
	return 0, false
}
