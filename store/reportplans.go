package store

import (
	"context"
	"strings"
	"time"
)

// PlanGifts is what the gifts held that name one plan (plan_id) say of
// it: how many they are, the newest's date and the currency it is in, its
// own (a plan names none).
type PlanGifts struct {
	Plan     int64
	Gifts    int
	Last     time.Time // zero when none has a date
	Currency string    // upper case
}

// PlanGifts are the gifts held that q's filters select, of every status
// and date, by the plan they name, in no order.
func (s *Store) PlanGifts(ctx context.Context, q ReportQuery) ([]PlanGifts, error) {
	w, err := s.filterConds(ctx, q, everyDonation)
	if err != nil {
		return nil, err
	}
	w.add("plan_id IS NOT NULL")
	// Beside the lone max() the bare currency is the newest gift's.
	rows, err := s.db.QueryContext(ctx, `SELECT plan_id, count(*), max(date_utc), upper(coalesce(currency, ''))
		FROM donations WHERE `+strings.Join(w.conds, " AND ")+` GROUP BY plan_id`, w.args...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	var out []PlanGifts
	for rows.Next() {
		var g PlanGifts
		var last *int64
		if err := rows.Scan(&g.Plan, &g.Gifts, &last, &g.Currency); err != nil {
			return nil, s.explain(err)
		}
		if last != nil {
			g.Last = time.UnixMilli(*last).In(s.zone)
		}
		out = append(out, g)
	}
	return out, s.explain(rows.Err())
}
