package main

import (
	"context"
	"fmt"
	"time"

	"donations/api"
	"donations/internal/cputime"
	"donations/query"
	"donations/report"
	"donations/store"
)

// reports times each fundraising report over the whole store, reading
// every row it gives, as `donations report NAME --offline` does. Beside
// the wall time it gives the CPU time: on a machine others share, the wall
// time measures them too.
func reports(ctx context.Context, st *store.Store) error {
	q := report.Query{Year: report.FiscalYearOf(time.Now(), 1), Now: time.Now()}
	july := q
	july.FiscalStart, july.Year = 7, report.FiscalYearOf(time.Now(), 7)
	var cur string
	if err := timed("notes (what counted, currency)", func() error {
		notes, err := report.NotesOf(ctx, st, q)
		cur = notes.Currency
		return err
	}); err != nil {
		return err
	}
	runs := append(sixReports(ctx, st, q, cur, ""), []reportRun{
		// The same reports counted otherwise read every gift, not the
		// per-donor table: how long those take is said too.
		{report.LYBUNT + " --all-statuses", func() error {
			all := q
			all.AllStatuses = true
			return report.Lapsed(ctx, st, all, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		// Years starting in July: the first report makes the per-donor table
		// anew for them, the next ones read it; the last row makes it anew
		// for calendar years again, so that a next run times what this one
		// did.
		{report.LYBUNT + " --fiscal-start 7 (first: the table made anew)", func() error {
			return report.Lapsed(ctx, st, july, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{report.LYBUNT + " --fiscal-start 7", func() error {
			return report.Lapsed(ctx, st, july, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{"recurring --fiscal-start 7", func() error {
			return report.Recurring(ctx, st, july, cur, func(report.RecurringDonor) error { return nil })
		}},
		{report.LYBUNT + " (calendar years again: the table made anew)", func() error {
			return report.Lapsed(ctx, st, q, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
	}...)
	if err := timeAll(runs); err != nil {
		return err
	}
	return filteredReports(ctx, st, q, cur)
}

// filteredReports times every report narrowed as  --form, --campaign and
// --dates  narrow it: read off the donor index, not the per-donor tables.
// A date range of the years before this one and this one holds most of
// the store; one month of last year a few percent, read by date.
func filteredReports(ctx context.Context, st *store.Store, q report.Query, cur string) error {
	lastYear := time.Date(q.Year-1, 1, 1, 0, 0, 0, 0, time.Local)
	for _, f := range []struct {
		name   string
		filter query.Filter
	}{
		{`--form "Annual Fund 2025"`, query.Filter{Form: "Annual Fund 2025"}},
		{"--campaign a", query.Filter{Campaign: "a"}},
		{"--dates (two years)", query.Filter{Dates: api.DateRange{Since: lastYear.AddDate(-1, 0, 0), Until: lastYear.AddDate(2, 0, 0)}}},
		{"--dates (one month)", query.Filter{Dates: api.DateRange{Since: lastYear.AddDate(0, 2, 0), Until: lastYear.AddDate(0, 3, 0)}}},
	} {
		fq := q
		fq.Filter = f.filter
		if err := timeAll(sixReports(ctx, st, fq, cur, " "+f.name)); err != nil {
			return err
		}
	}
	return nil
}

// reportRun is a report to time, by the name its row gives it.
type reportRun struct {
	name string
	run  func() error
}

// sixReports are the six reports of q, read whole, named with suffix.
func sixReports(ctx context.Context, st *store.Store, q report.Query, cur, suffix string) []reportRun {
	return []reportRun{
		{report.LYBUNT + suffix, func() error {
			return report.Lapsed(ctx, st, q, report.LYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{report.SYBUNT + suffix, func() error {
			return report.Lapsed(ctx, st, q, report.SYBUNT, cur, func(report.LapsedDonor) error { return nil })
		}},
		{"retention" + suffix, func() error { _, err := report.RetentionOf(ctx, st, q, cur); return err }},
		{"recurring" + suffix, func() error {
			return report.Recurring(ctx, st, q, cur, func(report.RecurringDonor) error { return nil })
		}},
		{"yoy" + suffix, func() error { _, err := report.YearOverYear(ctx, st, q, cur); return err }},
		{"ranges" + suffix, func() error { _, err := report.Ranges(ctx, st, q, cur, report.DefaultBands); return err }},
	}
}

// timeAll times each of runs in turn.
func timeAll(runs []reportRun) error {
	for _, r := range runs {
		if err := timed(r.name, r.run); err != nil {
			return err
		}
	}
	return nil
}

// timed runs a report and prints its row of the table.
func timed(name string, run func() error) error {
	start, cpu := time.Now(), cputime.Used()
	if err := run(); err != nil {
		return err
	}
	fmt.Printf("| report %s (every row) | %s wall, %s CPU | well under 1 s |\n", name, ms(time.Since(start)), ms(cputime.Used()-cpu))
	return nil
}

// timeReports opens the store at path (upgrading it if it is older) and
// times the reports alone.
func timeReports(path string) error {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	return reports(ctx, st)
}
