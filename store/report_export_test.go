package store

import (
	"context"
	"strings"
	"time"
)

// ReadsSomeDonors says whether the reports of q take from the donors table
// which donors' gifts to read (their fast path).
func (s *Store) ReadsSomeDonors(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.reportRule(ctx, q)
	return ok, err
}

// NotesFromRollups says whether the notes of q are read from the rollups
// (their fast path).
func (s *Store) NotesFromRollups(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.notesFromRollups(ctx, q)
	return ok, err
}

// DonorYearsServe says whether retention and the gift range table of q
// read the rollup by donor and year (their fast path).
func (s *Store) DonorYearsServe(ctx context.Context, q ReportQuery) (bool, error) {
	return s.donorYearsServe(ctx, q)
}

// DonorYearsAsAddedUp says whether the rollup by donor and year holds what
// adding every donation up again gives.
func (s *Store) DonorYearsAsAddedUp(ctx context.Context) (bool, error) {
	var keys []string
	for _, k := range donorYearKeys {
		keys = append(keys, of(k.of, ""))
	}
	again := `SELECT ` + strings.Join(keys, ", ") + `, count(*), sum(` + giftAmount + `) FROM donations WHERE day IS NOT NULL GROUP BY 1, 2, 3, 4`
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM (SELECT * FROM rollup_donor_year EXCEPT `+again+`)) +
		(SELECT count(*) FROM (`+again+` EXCEPT SELECT * FROM rollup_donor_year))`).Scan(&n)
	return n == 0, err
}

// DonorLastServes says whether LYBUNT and SYBUNT of q read
// rollup_donor_last (their fast path).
func (s *Store) DonorLastServes(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.lastServes(ctx, q)
	return ok, err
}

// DonorLastAsAddedUp says whether rollup_donor_last holds what adding
// every donation up again gives.
func (s *Store) DonorLastAsAddedUp(ctx context.Context) (bool, error) {
	var again []string
	for i := range lastRules {
		again = append(again, donorLastRows(i+1, "email_key <> ''", keptYear))
	}
	all := "SELECT * FROM (" + strings.Join(again, " UNION ALL ") + ")"
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM (SELECT * FROM rollup_donor_last EXCEPT `+all+`)) +
		(SELECT count(*) FROM (`+all+` EXCEPT SELECT * FROM rollup_donor_last))`).Scan(&n)
	return n == 0, err
}

// RecurringFromRollup says whether the recurring donors of q in cur, their
// gifts read up to end, are read from rollup_donor_last (its fast path).
func (s *Store) RecurringFromRollup(ctx context.Context, q ReportQuery, cur string, end time.Time) (bool, error) {
	return s.recurringFast(ctx, q, cur, &recurringDonors{zone: s.zone, end: end})
}

// RecurringFromGifts is what Recurring gives read the slow way, from every
// gift.
func (s *Store) RecurringFromGifts(ctx context.Context, q ReportQuery, cur string, end time.Time) ([]RecurringRow, error) {
	list := &recurringDonors{zone: s.zone, end: end}
	err := s.recurringFrom(ctx, q, cur, everyDonation, list)
	return list.rows, err
}

// DonorLastStart is the month rollup_donor_last's years start in.
func (s *Store) DonorLastStart(ctx context.Context) (int, error) {
	v, err := s.meta(ctx, metaLastStart)
	return lastStartOf(v), err
}
