package report

import (
	"fmt"
	"time"
)

// FiscalYearOf is the fiscal year t is in, for years that start in month
// fiscalStart (0 or 1: January): fiscal 2026 from July is July 2025 to
// June 2026, named by the calendar year it ends in.
func FiscalYearOf(t time.Time, fiscalStart int) int {
	if fiscalStart > 1 && int(t.Month()) >= fiscalStart {
		return t.Year() + 1
	}
	return t.Year()
}

// fiscalYearOfDay is the fiscal year of a day as the store writes it
// (2026-03-31), 0 if it is not one.
func (q Query) fiscalYearOfDay(day string) int {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0
	}
	return FiscalYearOf(t, q.fiscalStart())
}

// YearName is how every report names year y of q: "2026", or "FY2026"
// where years start later than January (fiscal 2026 ends in 2026), in
// titles, rows, column keys and notes alike; a fiscal year written as a
// bare year read as the calendar one.
func YearName(q Query, y int) string {
	if q.FiscalStart > 1 {
		return fmt.Sprintf("FY%d", y)
	}
	return fmt.Sprint(y)
}
