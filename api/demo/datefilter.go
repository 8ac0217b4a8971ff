package demo

import (
	"fmt"
	"time"
)

// dated keeps the donations dated from from (inclusive) to to (exclusive);
// an empty bound is open.
func (s *Server) dated(matched []int, from, to string) ([]int, error) {
	since, err := s.shape.dateParam("date_from", from)
	if err != nil {
		return nil, err
	}
	until, err := s.shape.dateParam("date_to", to)
	if err != nil || since.IsZero() && until.IsZero() {
		return matched, err
	}
	var out []int // matched may be the list kept for every page: not in place
	for _, i := range matched {
		at := s.data.date(i)
		if (since.IsZero() || !at.Before(since)) && (until.IsZero() || at.Before(until)) {
			out = append(out, i)
		}
	}
	return out, nil
}

// dateParam reads a date filter in the forms the shape takes; any other
// form is an error the client hears as a 400.
func (sh shape) dateParam(name, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	for _, layout := range sh.dates {
		if t, err := time.Parse(layout, v); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%s must be %s", name, sh.datesHint)
}
