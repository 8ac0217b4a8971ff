package store

import (
	"context"
	"fmt"
)

// A report over every gift of a million read them all through the donor
// index and added up every donor, though LYBUNT keeps a tenth of them. When
// a rule of the donors table counts exactly the gifts a report counts, the
// table's first and last gift of each donor say which donors can be in it,
// and the report reads their gifts alone.

// reportRule is the donors table's rule that counts exactly the gifts q
// counts, when q reads every gift (its filter names statuses at most). ok
// is false when none does: a filter on anything else, a status that q and
// every rule count differently (a gift with no status, which "every status
// but refunded" counts and no rule does), or a first sync that has not
// added the donors up yet.
func (s *Store) reportRule(ctx context.Context, q ReportQuery) (rule donorRule, ok bool, err error) {
	f := q.Filter
	f.Statuses = nil
	if !f.isZero() {
		return rule, false, nil
	}
	if ok, err := s.rollupsServe(ctx, q); !ok || err != nil {
		return rule, false, err
	}
	return s.ruleCounting(ctx, q.counts)
}

// lapsedSource is where Lapsed (l) of q reads gifts from:
// where reportRule finds a rule, the gifts of the donors whose last
// counted gift may make them lapsed, in last year (LYBUNT) or before it
// (SYBUNT), or after q's year, whose last gift in it only their gifts
// tell; every donation where it finds none.
func (s *Store) lapsedSource(ctx context.Context, q ReportQuery, l Lapse) (giftSource, error) {
	r, ok, err := s.reportRule(ctx, q)
	if !ok || err != nil {
		return everyDonation, err
	}
	lastYear, thisYear, after := q.yearFrom(q.Year-1, s.zone), q.yearFrom(q.Year, s.zone), q.yearFrom(q.Year+1, s.zone)
	// The unary plus: a scan of the donors table in e-mail order costs a
	// tenth of looking up each donor its index on the last gift finds.
	lapsed, args := fmt.Sprintf("+%[1]s >= ? AND +%[1]s < ?", r.prefix+"last"), []any{lastYear.UnixMilli(), thisYear.UnixMilli()}
	if l != LapsedLastYear {
		before := lastYear
		if l == LapsedBeforeThisYear {
			before = thisYear
		}
		lapsed, args = "+"+r.prefix+"last < ?", []any{before.UnixMilli()}
	}
	return pickedDonors("email_key <> '' AND ("+lapsed+" OR +"+r.prefix+"last >= ?)", append(args, after.UnixMilli())...), nil
}
