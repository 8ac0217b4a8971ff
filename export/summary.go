package export

import (
	"io"
	"maps"
	"slices"
	"strings"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// SummaryFormats are the formats `donations summary` writes.
var SummaryFormats = []string{"table", "json", "csv"}

// WriteSummary writes s as format: a table (fit to width, 0 for whole
// lines), JSON, or CSV with a column per currency. Sums are exact
// decimals, written as text; every key and currency is made safe for a
// terminal first, whatever the format (report.SummaryRow).
func WriteSummary(w io.Writer, format string, s report.Summary, width int) error {
	switch format {
	case "json":
		return summaryJSON(w, s.By, s.Rows)
	case "csv":
		return summaryCSV(w, s.By, s.Rows)
	}
	return summaryTable(w, s, width)
}

// joined is a group's sums as one cell: "USD 1,234.50 · EUR 80.00", the
// currencies in order.
func joined(m map[string]api.Decimal) string {
	var parts []string
	for _, cur := range slices.Sorted(maps.Keys(m)) {
		name := cur
		if name == "" {
			name = "?"
		}
		parts = append(parts, name+" "+textsafe.Thousands(m[cur].String()))
	}
	return strings.Join(parts, " · ")
}

func upper(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToUpper(strings.ReplaceAll(n, "_", " "))
	}
	return out
}

// LeftOut says in words the gifts of statuses a summary did not count
// (report.LeftOut), grouped by status in the order report.Split gives (the refunded first,
// with their money), then how many of each other status ("14 gifts
// refunded (USD 1,212.00), 3 gifts failed"); "" when none. The refunded
// are said in one form whatever their currencies: a count, and the sums
// as the converted totals count them.
func LeftOut(left []report.Left) string {
	var parts []string
	for _, l := range left {
		part := textsafe.Count(l.Count, "gift") + " " + l.Name
		if l.Money != nil {
			part += " (" + joined(report.SafeSums(l.Money)) + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// LessRefunded says what the totals took off the gifts refunded in part
// ("less USD 1,212.00 · EUR 3.00 refunded"), as the converted totals count
// it, or "" when none was.
func LessRefunded(whole report.SummaryRow) string {
	if len(whole.Refunded) == 0 {
		return ""
	}
	return "less " + joined(whole.Refunded) + " refunded"
}
