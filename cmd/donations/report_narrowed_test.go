package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api"
)

// reportsNarrowedAddUp checks that the reports narrowed to a form, to part
// of a campaign's name, to most of the gifts' dates and to a few of them
// add up as the export narrowed by the same flags: the store reads them
// off the donor index, or for the few dates through donations_date, and
// must select what list selects.
func reportsNarrowedAddUp(t *testing.T, env map[string]string, account []string, all []api.Donation) {
	for _, n := range narrowings(all) {
		listed := runCmd(t, env, slices.Concat([]string{"list", "--format", "ndjson", "--offline"}, n.flags, account)...)
		gifts := decoded(t, listed.stdout)
		if len(gifts) == 0 || len(gifts) == len(all) {
			t.Fatalf("%q selects %d of %d gifts: it narrows nothing to check (%s)", n.flags, len(gifts), len(all), listed.stderr)
		}
		m := newReportModel(gifts, n.year, 0)
		m.narrowed = true
		m.plans = plansNamed(t, env, account, m.planCur, true)
		for _, c := range reportChecks {
			if n.reports != nil && !slices.Contains(n.reports, c.report) {
				continue
			}
			t.Run(strings.Join(n.flags, " ")+"/"+c.report, func(t *testing.T) {
				r := runCmd(t, env, slices.Concat([]string{"report"}, strings.Fields(c.report), []string{"--format", "json", "--year", fmt.Sprint(n.year), "--offline"},
					n.flags, account)...)
				c.check(t, m, reportRows(t, r))
				checkGiftsRead(t, m, r.stderr)
			})
		}
	}
}

// narrowing is a report's flags that narrow it, the year it reports, and
// the reports it leaves donors in (nil: every one).
type narrowing struct {
	flags   []string
	year    int
	reports []string
}

// narrowings are the first form named, part of the first campaign's name
// (the Donorbox shape names them), three years (most of the gifts) and the
// two months around a new year (a few: read by date), which leave no
// donor who gave two years before, or stopped a plan, or came back.
func narrowings(all []api.Donation) []narrowing {
	out := []narrowing{{[]string{"--dates", "2024-01-01..2026-12-31"}, 2026, nil},
		{[]string{"--dates", "2024-12-01..2025-01-31"}, 2025, []string{"lybunt", "yoy", "ranges"}}}
	if i := slices.IndexFunc(all, func(d api.Donation) bool { return d.FormName.Value != "" }); i >= 0 {
		out = append(out, narrowing{[]string{"--form", all[i].FormName.Value}, 2026, nil})
	}
	if i := slices.IndexFunc(all, func(d api.Donation) bool { return len([]rune(d.CampaignName.Value)) > 3 }); i >= 0 {
		name := []rune(strings.ToUpper(all[i].CampaignName.Value))
		out = append(out, narrowing{[]string{"--campaign", string(name[1 : len(name)-1])}, 2026, nil})
	}
	return out
}
