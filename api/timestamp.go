package api

import (
	"strings"
	"time"
)

// TimeIn is the program's one reading of a timestamp field such as
// donation_date: the API decoder's checks, the store's date and day
// columns, sums, reports and what the screen shows all read dates through
// it (Time is TimeIn in UTC). ok is false when the field is missing or
// not a date.
//
// It reads the ISO 8601 forms servers write: "2025-02-01T10:00:00Z", an
// offset as "+00:00", "+0000" (PHP, strftime %z) or "+00", a space for the
// "T" or before the offset, fractional seconds of any length (past
// nanoseconds they are cut), seconds left out, and a lower-case "t" or
// "z". A date-time with no offset is UTC, as the spec's are.
//
// A date with no time ("2026-01-01") is a calendar day, not an instant: it
// is read as midnight of that day in loc, so that its day in loc is the
// day written whatever the zone. Whoever reads a day out of the result
// must pass the zone they read it in.
func TimeIn(t Text, loc *time.Location) (time.Time, bool) {
	if !t.Valid {
		return time.Time{}, false
	}
	return parseTimestamp(strings.TrimSpace(t.Value), loc)
}

// Time is TimeIn(t, time.UTC): the instant of a timestamp, for ordering
// pages and for fields that are always instants. A date-only value is
// midnight UTC, so one who shows or counts days in another zone must use
// TimeIn with that zone.
func Time(t Text) (time.Time, bool) { return TimeIn(t, time.UTC) }

// parseTimestamp reads s as TimeIn describes.
func parseTimestamp(s string, loc *time.Location) (time.Time, bool) {
	p := scanner{s: s}
	y, ok1 := p.digits(4)
	ok2 := p.byte('-')
	mo, ok3 := p.digits(2)
	ok4 := p.byte('-')
	d, ok5 := p.digits(2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5) || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, time.Month(mo)) {
		return time.Time{}, false
	}
	if p.done() {
		return time.Date(y, time.Month(mo), d, 0, 0, 0, 0, loc), true
	}
	if !p.byte('T') && !p.byte('t') && !p.byte(' ') {
		return time.Time{}, false
	}
	h, ok1 := p.digits(2)
	ok2 = p.byte(':')
	mi, ok3 := p.digits(2)
	if !(ok1 && ok2 && ok3) || h > 23 || mi > 59 {
		return time.Time{}, false
	}
	sec, nanos := 0, 0
	if p.byte(':') {
		var ok bool
		if sec, ok = p.digits(2); !ok || sec > 59 {
			return time.Time{}, false
		}
		if p.byte('.') || p.byte(',') {
			if nanos, ok = p.fraction(); !ok {
				return time.Time{}, false
			}
		}
	}
	zone, ok := p.offset()
	if !ok || !p.done() {
		return time.Time{}, false
	}
	return time.Date(y, time.Month(mo), d, h, mi, sec, nanos, zone), true
}

// scanner reads a timestamp from the left.
type scanner struct {
	s string
	i int
}

func (p *scanner) done() bool { return p.i == len(p.s) }

// byte takes c if it comes next.
func (p *scanner) byte(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// digits takes exactly n digits as a number.
func (p *scanner) digits(n int) (int, bool) {
	if len(p.s)-p.i < n {
		return 0, false
	}
	v := 0
	for _, c := range []byte(p.s[p.i : p.i+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	p.i += n
	return v, true
}

// fraction takes one or more digits of a second as nanoseconds, cutting
// those past the ninth.
func (p *scanner) fraction() (int, bool) {
	v, n := 0, 0
	for ; p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9'; p.i++ {
		if n < 9 {
			v = v*10 + int(p.s[p.i]-'0')
		}
		n++
	}
	for k := n; k < 9; k++ {
		v *= 10
	}
	return v, n > 0
}

// offset takes the zone at the end: none (UTC), "Z", or ±hh, ±hhmm or
// ±hh:mm, after an optional space.
func (p *scanner) offset() (*time.Location, bool) {
	if p.done() {
		return time.UTC, true
	}
	p.byte(' ')
	if p.byte('Z') || p.byte('z') {
		return time.UTC, true
	}
	sign := 1
	switch {
	case p.byte('-'):
		sign = -1
	case p.byte('+'):
	default:
		return nil, false
	}
	h, ok := p.digits(2)
	if !ok || h > 23 {
		return nil, false
	}
	m := 0
	if !p.done() {
		p.byte(':')
		if m, ok = p.digits(2); !ok || m > 59 {
			return nil, false
		}
	}
	secs := sign * (h*3600 + m*60)
	if secs == 0 {
		return time.UTC, true
	}
	return time.FixedZone("", secs), true
}

// daysIn is the number of days of month m of year y.
func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
