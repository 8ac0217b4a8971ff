package export

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// PlansReport is the recurring report read from the server's plans: the
// plans that stopped in the period, a row each, the report's currency
// first and the largest monthly value first; its headline says the
// source and what every plan adds up to, each currency apart (a plan's
// amount is in its gifts' currency, with no conversion); its notes say
// where the plans and the gifts held disagree.
func PlansReport(p *report.Plans) Report {
	return Report{
		Columns: []ReportColumn{{"plan", "PLAN"}, {"email", "E-MAIL"}, {"name", "NAME"}, {"status", "STATUS"},
			{"started", "STARTED"}, {"last_gift", "LAST"}, {"type", "EVERY"}, {"monthly", "MONTHLY"},
			{"currency", "CUR"}, {"gifts_held", "GIFTS HELD"}},
		Rows: func(fn func([]any) error) error {
			for _, pl := range p.Plans {
				if !pl.Stopped {
					continue
				}
				if err := fn([]any{pl.ID, pl.Email, pl.Name, pl.Status, dayOrNil(pl.Started), dayOrNil(pl.Last),
					pl.Type, pl.Monthly, pl.Currency, pl.Gifts}); err != nil {
					return err
				}
			}
			return nil
		},
		Headline: func() []string { return plansHeadline(p) },
		Notes: func() []string {
			if line := disagreeLine(p.Disagree); line != "" {
				return []string{line}
			}
			return nil
		},
	}
}

// PlansTitle is the recurring report's title when it reads the plans.
func PlansTitle(q report.Query) string {
	return fmt.Sprintf("Recurring · plans that stopped in %s", report.YearName(q, q.Year))
}

// plansHeadline is where the report's plans come from, and what they add
// up to by status.
func plansHeadline(p *report.Plans) []string {
	source := fmt.Sprintf("from the server's %s, as read %s", textsafe.Count(p.Held, "plan"), p.Read.Format(time.DateOnly))
	if p.Narrowed {
		source += fmt.Sprintf("; the %s that the question's gifts name", textsafe.Count(len(p.Plans), "plan"))
	}
	statuses, monthly := map[string]int{}, map[string]api.Decimal{}
	started, stopped, unknown := 0, 0, 0
	for _, pl := range p.Plans {
		statuses[pl.Status]++
		if pl.Active() {
			monthly[pl.Currency] = monthly[pl.Currency].Add(pl.Monthly.Cents())
		}
		started += boolInt(pl.StartedIn)
		stopped += boolInt(pl.Stopped)
		unknown += boolInt(pl.Interval.Unit == 0)
	}
	giving := "nothing"
	if len(monthly) > 0 {
		giving = joined(monthly)
	}
	parts := []string{fmt.Sprintf("plans active: %s, giving %s a month", textsafe.Thousands(fmt.Sprint(statuses["active"])), giving)}
	for _, st := range slices.Sorted(maps.Keys(statuses)) {
		if st != "active" {
			parts = append(parts, fmt.Sprintf("%s: %s", orNone(st), textsafe.Thousands(fmt.Sprint(statuses[st]))))
		}
	}
	parts = append(parts, fmt.Sprintf("started in the period: %s", textsafe.Thousands(fmt.Sprint(started))),
		fmt.Sprintf("stopped in the period: %s (the plans in the table: not active, their last gift in the period)", textsafe.Thousands(fmt.Sprint(stopped))))
	if unknown > 0 {
		parts = append(parts, fmt.Sprintf("%s of a type not understood, taken as monthly", textsafe.Count(unknown, "plan")))
	}
	return []string{source, strings.Join(parts, "; ")}
}

// disagreeLine says, in one line, where the plans and the gifts held
// tell different stories; "" where they agree.
func disagreeLine(d report.Disagreements) string {
	var parts []string
	if d.Overdue > 0 {
		parts = append(parts, fmt.Sprintf("%s no gift held since their next date, over %d days past", plansHave(d.Overdue, "active "), report.OverdueDays))
	}
	if d.Unlisted > 0 {
		verb := "name"
		if d.Unlisted == 1 {
			verb = "names"
		}
		parts = append(parts, fmt.Sprintf("%s %s a plan the server did not list (%s)", textsafe.Count(d.Unlisted, "recurring gift"),
			verb, textsafe.Count(d.UnlistedPlans, "plan")))
	}
	if d.NoGifts > 0 {
		parts = append(parts, fmt.Sprintf("%s no gift held that names them (their currency unknown: ?)", plansHave(d.NoGifts, "")))
	}
	if d.LastDiffers > 0 {
		dates := "plans' last donation dates are not their"
		if d.LastDiffers == 1 {
			dates = "plan's last donation date is not its"
		}
		parts = append(parts, fmt.Sprintf("%s %s newest gift held's", textsafe.Thousands(fmt.Sprint(d.LastDiffers)), dates))
	}
	if len(parts) == 0 {
		return ""
	}
	return "the plans and the gifts held disagree: " + strings.Join(parts, "; ")
}

// plansHave is "3 active plans have", "1 plan has".
func plansHave(n int, adjective string) string {
	verb := "have"
	if n == 1 {
		verb = "has"
	}
	return fmt.Sprintf("%s %s%s %s", textsafe.Thousands(fmt.Sprint(n)), adjective, textsafe.Plural(n, "plan"), verb)
}

// GuessedLine says that the recurring report guessed its plans from the
// gifts' intervals, and why: the store holds no plans.
// none says the server answered that it has none.
func GuessedLine(none bool) string {
	why := "the plans were not read from this server"
	if none {
		why = "this server has no plans"
	}
	return "guessed from the gifts' intervals: " + why
}

func dayOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Format(time.DateOnly)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
