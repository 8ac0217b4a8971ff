package export

import (
	"slices"

	"donations/report"
)

// ReportOf is the table of a report as read: its Title, its Notes the
// words every report ends with (ReportNotes, countOthers its words for
// counting the statuses left out) and then its own. running says its
// year is not over. The command line and the browser both write their
// reports from here, so they show the same table.
func ReportOf(res report.Result, running bool, countOthers string) Report {
	q, cur := res.Query, res.Notes.Currency
	var r Report
	switch res.Name {
	case report.LYBUNT, report.SYBUNT:
		r = LapsedReport(res.Lapsed, cur, q)
		r.SortedBy = "last_year_total" // LYBUNT's order: what they gave last year
		if res.Name == report.SYBUNT {
			r.SortedBy = "lifetime"
		}
	case "retention":
		r = RetentionReport(res.Retention, q)
	case "recurring":
		if res.Plans != nil {
			r = PlansReport(res.Plans)
			break
		}
		var sum RecurringSum
		r = RecurringReport(res.Recurring, &sum)
		r.Headline = func() []string { return []string{GuessedLine(res.PlanCoverage.None), sum.Line(cur)} }
	case "yoy":
		r = YearOverYearReport(res.Months, q)
	default:
		r = RangesReport(res.Ranges)
	}
	r.Title = ReportTitle(res.Name, q)
	if res.Plans != nil {
		r.Title = PlansTitle(q)
	}
	words, own := ReportNotes(res.Notes, q, running, countOthers), r.Notes
	r.Notes = func() []string {
		if own != nil {
			return slices.Concat(words, own())
		}
		return words
	}
	return r
}

// ReportCellText is a report's cell as its table shows it: the browser's
// report pages draw the same text as the command line's table.
func ReportCellText(c any) string { return reportCell(c, true) }

// ReportCellNumber says whether a cell is a number, which a table aligns
// right and never cuts.
func ReportCellNumber(c any) bool {
	_, text := c.(string)
	return !text && c != nil
}
