package export

import (
	"math"
	"strconv"

	"donations/report"
	"donations/textsafe"
)

// rows calls fn with each row of a summary (report.Summary.Rows); a
// format reads them once (JSON) or twice.
type rows func(fn func(report.SummaryRow) error) error

// figure is what g is ordered by, as written: its count or its converted
// total.
func figure(g report.SummaryRow, order string) string {
	if order == "count" {
		return textsafe.Thousands(strconv.Itoa(g.Count)) + " " + textsafe.Plural(g.Count, "gift")
	}
	return joined(g.Converted)
}

// rounded is a share to two decimals, as JSON writes it.
func rounded(p float64) float64 { return math.Round(p*100) / 100 }
