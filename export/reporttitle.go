package export

import (
	"fmt"

	"donations/report"
)

// ReportTitle is what the named report of q asks, in words: the first
// line of the command line's table and the title of the browser's page.
func ReportTitle(name string, q report.Query) string {
	y, ly := report.YearName(q, q.Year), report.YearName(q, q.Year-1)
	switch name {
	case report.LYBUNT:
		return fmt.Sprintf("LYBUNT · gave in %s, not in %s", ly, y)
	case report.SYBUNT:
		if q.WithLYBUNT {
			return fmt.Sprintf("SYBUNT, LYBUNT's donors included · gave before %s, not in %s", y, y)
		}
		return fmt.Sprintf("SYBUNT · gave before %s, not in %s or %s", ly, ly, y)
	case "retention":
		return fmt.Sprintf("Retention · %s against %s", y, ly)
	case "recurring":
		return fmt.Sprintf("Recurring · donors who stopped in %s", y)
	case "yoy":
		return fmt.Sprintf("Year over year · %s against %s", y, ly)
	}
	if q.ByGift {
		return fmt.Sprintf("Gift ranges by gift · %s · each gift by its size", y)
	}
	return fmt.Sprintf("Gift ranges by donor · %s · each donor by their year's total", y)
}
