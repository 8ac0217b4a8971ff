package main

import (
	"context"

	"donations/export"
	"donations/store"
)

// counted narrows f to the statuses that count, by the rule `donations
// report` follows (store.ReportQuery: paid gifts), unless --status names
// them or --all-statuses counts every one, refunded too (a summary by
// status shows each apart); and says in words what it leaves out (see
// export.LeftOut), "" when nothing.
func counted(ctx context.Context, st *store.Store, f store.Filter, all bool) (store.Filter, string, error) {
	if len(f.Statuses) > 0 || all {
		return f, "", nil
	}
	var rule store.ReportQuery
	var keep []string
	var out []store.Group
	err := st.EachGroup(ctx, f, []string{"status"}, nil, func(g store.Group) error {
		if rule.Counts(g.Key[0]) {
			keep = append(keep, g.Key[0])
		} else {
			out = append(out, g)
		}
		return nil
	})
	if len(keep) == 0 {
		keep = rule.Counted() // none held: the rule's own, which selects nothing here
	}
	f.Statuses = keep
	return f, export.LeftOut(out), err
}
