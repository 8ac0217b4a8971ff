package ask

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"donations/api"
	"donations/query"
	"donations/suggest"
)

// maxText is the longest text a field takes: room for any e-mail or name,
// and a bound on what a crafted state file or config can make us parse.
const maxText = 320

func parseEmail(s string, _ time.Time, q *Question) error {
	if !strings.Contains(s, "@") || strings.ContainsAny(s, " \t") {
		return errors.New("an e-mail address looks like name@example.org")
	}
	q.Query.Email = s
	return nil
}

func wholeNumber(field func(*Question) *int64) func(string, time.Time, *Question) error {
	return func(s string, _ time.Time, q *Question) error {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("%q is not a whole number above 0", s)
		}
		*field(q) = n
		return nil
	}
}

// parseDates reads a date word (last month, october, fiscal 2026:
// wordRange), a number of days back (14d), one date (that whole day), or
// from..to where either side may be empty and each side is any of those:
// "last month.." runs from the first of last month on.
func parseDates(s string, now time.Time, q *Question) error {
	from, to, ranged := strings.Cut(s, "..")
	if !ranged {
		if r, ok := wordRange(s, now, q.fiscalStart); ok {
			q.Filter.Dates = r
			return nil
		}
		from, to = s, s
		if strings.HasSuffix(strings.ToLower(s), "d") {
			to = "" // 14d: from 14 days ago on
		}
	}
	since, err := dateSide(from, now, false, q.fiscalStart)
	if err != nil {
		return err
	}
	until, err := dateSide(to, now, true, q.fiscalStart)
	if err != nil {
		return err
	}
	if !since.IsZero() && !until.IsZero() && !since.Before(until) {
		return fmt.Errorf("%s is not before %s", strings.TrimSpace(from), strings.TrimSpace(to))
	}
	q.Filter.Dates = api.DateRange{Since: since, Until: until}
	return nil
}

// dateSide is one end of a range: a date word's start or end, or what
// api.ParseDateRange reads.
func dateSide(text string, now time.Time, upper bool, fiscalStart int) (time.Time, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return time.Time{}, nil
	}
	if r, ok := wordRange(text, now, fiscalStart); ok {
		if upper {
			return r.Until, nil
		}
		return r.Since, nil
	}
	since, until := text, ""
	if upper {
		since, until = "", text
	}
	r, err := api.ParseDateRange(since, until, now)
	if err != nil {
		_, why, _ := strings.Cut(err.Error(), ": ")
		why += suggest.DidYouMean(text, api.DatePresets)
		return time.Time{}, fmt.Errorf("%s; or a preset (%s), a month (%s) or a year (%s)", why, strings.Join(api.DatePresets, ", "),
			strings.Join(dateWords[:3], ", "), strings.Join(dateWords[3:], ", "))
	}
	if upper {
		return r.Until, nil
	}
	return r.Since, nil
}

func parseStatuses(s string, _ time.Time, q *Question) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			q.Filter.Statuses = append(q.Filter.Statuses, v)
		}
	}
	if len(q.Filter.Statuses) == 0 {
		return errors.New("name a status, such as paid")
	}
	return nil
}

// parseAmounts reads lo..hi (either side may be empty) or one amount,
// which is then both ends.
func parseAmounts(s string, _ time.Time, q *Question) error {
	from, to, ranged := strings.Cut(s, "..")
	if !ranged {
		to = from
	}
	for _, b := range []struct {
		text string
		to   **api.Decimal
	}{{from, &q.Filter.MinAmount}, {to, &q.Filter.MaxAmount}} {
		t := strings.TrimSpace(b.text)
		if t == "" {
			continue
		}
		d, err := api.ParseAmountBound(t)
		if err != nil {
			return err
		}
		*b.to = &d
	}
	if lo, hi := q.Filter.MinAmount, q.Filter.MaxAmount; lo != nil && hi != nil && lo.Compare(*hi) > 0 {
		return fmt.Errorf("the least amount, %s, is above the most, %s", strings.TrimSpace(from), strings.TrimSpace(to))
	}
	return nil
}

func tri(field func(*Question) *query.Tri) func(string, time.Time, *Question) error {
	return func(s string, _ time.Time, q *Question) error {
		v, ok := yesNo(s)
		if !ok {
			return fmt.Errorf("%q is not yes or no", s)
		}
		*field(q) = v
		return nil
	}
}

func yesNo(s string) (query.Tri, bool) {
	switch strings.ToLower(s) {
	case "y", "yes", "true":
		return query.Yes, true
	case "n", "no", "false":
		return query.No, true
	}
	return query.Any, false
}

// parseTribute reads yes or no (a tribute or none), or a tribute's type,
// which servers name as they like (memory, honor): the store's values
// check it.
func parseTribute(s string, _ time.Time, q *Question) error {
	if v, ok := yesNo(s); ok {
		q.Filter.Tribute = v
		return nil
	}
	q.Filter.TributeType = s
	return nil
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

func parseSearch(s string, _ time.Time, q *Question) error {
	q.Filter.Search = s
	return nil
}

// clean is a field's text as it is read: trimmed, and refused when it is
// too long or holds control characters (which no one types, and a crafted
// state file or config could).
func clean(text string) (string, error) {
	text = strings.TrimSpace(text)
	if len(text) > maxText {
		return "", fmt.Errorf("longer than %d characters", maxText)
	}
	if strings.IndexFunc(text, unicode.IsControl) >= 0 {
		return "", errors.New("holds control characters")
	}
	return text, nil
}
