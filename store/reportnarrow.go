package store

import (
	"context"
	"strings"
)

// A report narrowed to a form that walks the donor index whole looks each
// gift up in the table to test its form, however few gifts the form
// holds: the test, lower() of the name, is in no index. The rollups know
// every form and campaign the store holds and how many gifts each has, so
// the names the filter matches are found there, and a report whose names
// hold few gifts reads them through the names' own index (donations_form,
// donations_campaign), one lookup a gift of theirs, grouped by donor in a
// sort.

// narrowShare is the share of the store, one in narrowShare, up to which
// the gifts of a form or campaign are read through its index and sorted
// by donor rather than tested on every gift of the donor index's walk.
// The walk costs the same whatever the share, while reading through the
// index and sorting grows with it, and overtakes the walk near three
// quarters of the store (LYBUNT at a million, spec shape: figures in
// docs/performance.md, "Reports"); half keeps clear of that.
const narrowShare = 2

// narrowNames is the most names a report narrows by: each is a variable
// of the statement, and SQLite takes at most 32,766 a statement. A filter
// that matches more (a campaign for each donor's own page, say) would
// fail with "too many SQL variables"; it walks the donor index instead.
const narrowNames = 10_000

// narrowing is a filter on a column a rollup keys, and its index.
type narrowing struct {
	col, rollup string
	cond        func(filter) (string, any)
	asked       func(filter) bool
}

var narrowings = []narrowing{
	{"form_name", "rollup_dims", filter.formCond, func(f filter) bool { return f.Form != "" }},
	{"campaign_name", "rollup_campaign", filter.campaignCond, func(f filter) bool { return f.Campaign != "" }},
}

// narrowBy is the condition that keeps the gifts of the names the store
// holds of f's form or campaign (of the two, the one with fewer gifts),
// when the rollups hold every gift and those names hold few of them (see
// narrowShare); "" otherwise. The filter's own conditions stay beside
// it: the names only say which gifts to read.
func (s *Store) narrowBy(ctx context.Context, f filter) (string, []any, error) {
	var asked []narrowing
	for _, n := range narrowings {
		if n.asked(f) {
			asked = append(asked, n)
		}
	}
	if len(asked) == 0 {
		return "", nil, nil
	}
	if ok, err := s.rolledUp(ctx); !ok || err != nil {
		return "", nil, err
	}
	var all int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(sum(n), 0) FROM rollup_dims`).Scan(&all); err != nil {
		return "", nil, s.explain(err)
	}
	best, bestN, names := "", all/narrowShare+1, []any(nil)
	for _, n := range asked {
		held, gifts, err := s.namesOf(ctx, n, f)
		if err != nil {
			return "", nil, err
		}
		if gifts < bestN && len(held) <= narrowNames {
			best, bestN, names = n.col, gifts, held
		}
	}
	if best == "" {
		return "", nil, nil
	}
	return best + " IN (" + strings.TrimSuffix(strings.Repeat("?,", len(names)), ",") + ")", names, nil
}

// namesOf are the names in n's rollup that f matches, and how many gifts
// they hold. The rollup keeps a missing name as an empty one, which the
// IN matches on the gifts whose name is empty and, like the filter's own
// test, on none whose name is NULL.
func (s *Store) namesOf(ctx context.Context, n narrowing, f filter) (names []any, gifts int64, err error) {
	cond, arg := n.cond(f)
	rows, err := s.db.QueryContext(ctx, `SELECT `+n.col+`, sum(n) FROM `+n.rollup+` WHERE `+cond+` GROUP BY `+n.col, arg)
	if err != nil {
		return nil, 0, s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var k int64
		if err := rows.Scan(&name, &k); err != nil {
			return nil, 0, s.explain(err)
		}
		names, gifts = append(names, name), gifts+k
	}
	return names, gifts, s.explain(rows.Err())
}
