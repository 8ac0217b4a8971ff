package main

import (
	"context"

	"donations/dataset"
	"donations/export"
	"donations/query"
	"donations/report"
)

// counted narrows f to the statuses that count, by report.Counts's rule
// (paid gifts), unless --status names them or --all-statuses counts every
// one, refunded too (a summary by status shows each apart); and says in
// words what it leaves out (see export.LeftOut), "" when nothing.
func counted(ctx context.Context, st dataset.Local, f query.Filter, all bool) (query.Filter, string, error) {
	if len(f.Statuses) > 0 || all {
		return f, "", nil
	}
	var rule report.Rule
	var held []dataset.Group
	err := st.EachGroup(ctx, f, []string{"status"}, nil, func(g dataset.Group) error {
		held = append(held, g)
		return nil
	})
	keep, out := report.Split(held, rule)
	if len(keep) == 0 {
		keep = report.Counted(rule) // none held: the rule's own, which selects nothing here
	}
	f.Statuses = keep
	return f, export.LeftOut(report.LeftOut(out)), err
}
