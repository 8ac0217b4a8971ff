package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"donations/api"
)

// Band is one row of a gift range table: the donors whose gifts of the
// year add up to From or more (and less than the next band's From), how
// many gifts they made and what they gave, in the report's currency.
type Band struct {
	From   api.Decimal
	Donors int
	Gifts  int
	Amount api.Decimal
}

// DefaultBands are the lower ends of the gift range table's bands.
var DefaultBands = []int64{0, 100, 250, 500, 1000, 2500, 5000, 10000}

// Ranges bands the donors of q's year by what they gave in cur that year;
// from are the bands' lower ends in whole units, ascending, the first 0
// (a band from 0 is added where they do not start there).
func (s *Store) Ranges(ctx context.Context, q ReportQuery, cur string, from []int64) ([]Band, error) {
	if len(from) == 0 || from[0] != 0 {
		from = append([]int64{0}, from...)
	}
	donors, args, err := s.yearTotals(ctx, q, cur)
	if err != nil {
		return nil, err
	}
	band := "CASE"
	for i := len(from) - 1; i > 0; i-- {
		band += fmt.Sprintf(" WHEN t >= %d THEN %d", from[i]*10000, i)
	}
	band += " ELSE 0 END"
	rows, err := s.db.QueryContext(ctx, `WITH d AS (`+donors+`) SELECT `+band+`, count(*), sum(n), sum(t) FROM d GROUP BY 1`, args...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	out := make([]Band, len(from))
	for i, f := range from {
		out[i].From = api.ScaledDecimal(f, 0)
	}
	for rows.Next() {
		var i int
		var sum int64
		var b Band
		if err := rows.Scan(&i, &b.Donors, &b.Gifts, &sum); err != nil {
			return nil, s.explain(err)
		}
		out[i].Donors, out[i].Gifts, out[i].Amount = b.Donors, b.Gifts, api.ScaledDecimal(sum, scale)
	}
	return out, s.explain(rows.Err())
}

// yearTotals is the SQL of what each donor of q with an e-mail gave in
// cur in q's year (t) in how many gifts (n), and its arguments.
func (s *Store) yearTotals(ctx context.Context, q ReportQuery, cur string) (string, []any, error) {
	if ok, err := s.donorYearsServe(ctx, q); ok || err != nil {
		counted, args := q.countedCond()
		return `SELECT sum(e4) AS t, sum(n) AS n FROM rollup_donor_year WHERE email_key <> '' AND year = ? AND cur = ? AND ` +
			counted + ` GROUP BY email_key`, append([]any{q.Year, cur}, args...), err
	}
	g, args, err := s.gifts(ctx, q)
	return `SELECT sum(e4) AS t, count(*) AS n FROM (` + g + `) WHERE counted AND email_key <> '' AND day >= ? AND cur = ?
		GROUP BY email_key`, append(args, q.dayFrom(q.Year), cur), err
}

// ParseBands reads bands' lower ends as "0,100,250": whole units,
// ascending.
func ParseBands(s string) ([]int64, error) {
	var out []int64
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil || v < 0 || v > 1e9 {
			return nil, fmt.Errorf("%q is not a whole amount from 0 to 1,000,000,000", strings.TrimSpace(part))
		}
		if len(out) > 0 && v <= out[len(out)-1] {
			return nil, fmt.Errorf("the bands must ascend: %d after %d", v, out[len(out)-1])
		}
		out = append(out, v)
	}
	return out, nil
}
