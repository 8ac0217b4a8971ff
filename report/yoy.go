package report

import (
	"context"
	"time"

	"donations/store"
)

// YearMonth is one month of a year against the same month of the year
// before: gifts and amounts (in the report's currency), in the month and
// from the year's start to its end.
type YearMonth struct {
	Month                  int // 1..12, calendar month
	This, Last             Part
	ThisToDate, LastToDate Part
	// ToCome: the month starts after the report's Now, so this year's
	// figures of it are not known yet, not nothing.
	ToCome bool
	// Under way: the month holds the report's Now, so this year's figures
	// of it are of its first days, last year's of the whole month.
	UnderWay bool
}

// YearOverYear is q's year against the one before, month by month from
// the year's first month. Part.Donors counts gifts here; a gift in another
// currency than cur counts but adds nothing (the notes say how much).
func YearOverYear(ctx context.Context, st *store.Store, q Query, cur string) ([]YearMonth, error) {
	sums, err := st.MonthSums(ctx, q.SQL(), cur)
	if err != nil {
		return nil, err
	}
	months := make([]YearMonth, 12)
	fs := q.fiscalStart()
	start, _ := q.YearSpan(q.Year, zoneOf(q.Zone, st))
	for i := range months {
		months[i].Month = (fs-1+i)%12 + 1
		months[i].ToCome = q.Now.Before(start.AddDate(0, i, 0))
		months[i].UnderWay = !months[i].ToCome && q.Now.Before(start.AddDate(0, i+1, 0))
	}
	for _, m := range sums {
		p := &months[(m.Month-fs+12)%12].Last
		if m.ThisYear {
			p = &months[(m.Month-fs+12)%12].This
		}
		*p = Part{m.Gifts, m.Sum}
	}
	var this, last Part
	for i := range months {
		this, last = this.plus(months[i].This), last.plus(months[i].Last)
		months[i].ThisToDate, months[i].LastToDate = this, last
	}
	return months, nil
}

// zoneOf is the zone q's days are in: the reader's, or the store's.
func zoneOf(zone *time.Location, st *store.Store) *time.Location {
	if zone == nil {
		return st.Zone()
	}
	return zone
}

func (p Part) plus(o Part) Part { return Part{p.Donors + o.Donors, p.Amount.Add(o.Amount)} }
