package report

import (
	"fmt"
	"time"

	"donations/store"
)

// FiscalYearOf is the fiscal year t is in, for years that start in month
// fiscalStart (0 or 1: January): fiscal 2026 from July is July 2025 to
// June 2026, named by the calendar year it ends in.
func FiscalYearOf(t time.Time, fiscalStart int) int { return store.FiscalYearOf(t, fiscalStart) }

// YearName is how every report names year y of q: "2026", or "FY2026"
// where years start later than January (fiscal 2026 ends in 2026), in
// titles, rows, column keys and notes alike; a fiscal year written as a
// bare year read as the calendar one.
func YearName(q store.ReportQuery, y int) string {
	if q.FiscalStart > 1 {
		return fmt.Sprintf("FY%d", y)
	}
	return fmt.Sprint(y)
}
