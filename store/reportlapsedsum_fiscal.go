package store

import (
	"context"
	"database/sql"
	"strconv"
)

// rollup_donor_last is kept for one start of the year, the month meta's
// key last_fiscal_start holds (none: January), its years fiscal years by
// it, named by the calendar year they end in (as ReportQuery names them).
// Many organisations' years start in July: a report by another start
// reading every gift is much slower than one by calendar years, so a
// writable store makes the table anew for that start, once, and answers
// it and the reports after from it.

// metaLastStart is the meta key of the month rollup_donor_last's years
// start in.
const metaLastStart = "last_fiscal_start"

// calendarYear is the calendar year of a gift's day.
const calendarYear = "CAST(substr(day, 1, 4) AS INTEGER)"

// keptYear is the year of a gift's day as rollup_donor_last counts it: one
// more from the start month on, when meta holds one after January. The
// subquery reads nothing of the gift, so SQLite works it out once a
// statement, not once a gift.
const keptYear = calendarYear + " + (CAST(substr(day, 6, 2) AS INTEGER) >= (SELECT coalesce(max(CAST(value AS INTEGER)), 13) FROM meta WHERE key = '" +
	metaLastStart + "' AND CAST(value AS INTEGER) BETWEEN 2 AND 12))"

// lastStartOf is the month a value of meta's last_fiscal_start names, as
// keptYear reads it: January for none or one it does not read.
func lastStartOf(v string) int {
	if n, err := strconv.Atoi(v); err == nil && n >= 2 && n <= 12 {
		return n
	}
	return 1
}

// keepLastFor says whether rollup_donor_last's years start in month
// start, making the table anew for it in one transaction if they do not
// and the store is writable. A read-only store, or a rebuild cancelled,
// says no: the report then reads the gifts.
func (s *Store) keepLastFor(ctx context.Context, start int) (bool, error) {
	v, err := s.meta(ctx, metaLastStart)
	if err != nil || lastStartOf(v) == start {
		return err == nil, err
	}
	if s.readOnly() {
		return false, nil
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		// Another process may have made it anew for start meanwhile.
		if v, err := metaIn(ctx, tx, metaLastStart); err != nil || lastStartOf(v) == start {
			return err
		}
		if err := setMeta(ctx, tx, metaLastStart, strconv.Itoa(start)); err != nil {
			return err
		}
		return rebuildDonorLasts(ctx, tx, "")
	})
	if err != nil && ctx.Err() != nil {
		return false, nil
	}
	return err == nil, err
}
