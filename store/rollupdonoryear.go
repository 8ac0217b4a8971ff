package store

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// Retention and the gift range table add every donor up by year: reading
// every gift through the donor index for it is slow at a million gifts.
// The rollup by donor and calendar year holds what they add up, each gift
// already as a report counts it (in its converted currency, or its own
// where it has none, less the part refunded), by status, so that any
// statuses counted read it: fewer rows than gifts, and none of a gift's
// arithmetic. Fiscal years and filters on anything but the status read
// the gifts (donorYearsServe).

// donorYearKeys are the rollup's keys, as one donation p ("new.", "old."
// or "") makes them; the table's primary key, in this order.
var donorYearKeys = []struct{ col, of string }{
	{"email_key", "$email_key"},
	{"year", "CAST(substr($day, 1, 4) AS INTEGER)"},
	{"status_key", "coalesce($status_key, '')"},
	{"cur", giftCurrency},
}

// giftColumns are the donation columns giftCurrency and giftAmount read.
var giftColumns = regexp.MustCompile(`\b(converted_e4|converted_currency|currency|amount_e4|refunded_e4|status_key|day|email_key)\b`)

// of is expr of the donation p: its columns prefixed with p.
func of(expr, p string) string {
	return giftColumns.ReplaceAllString(strings.ReplaceAll(expr, "$", ""), p+"$1")
}

// donorYearInputs are the donation columns the rollup reads.
const donorYearInputs = "day, email_key, status_key, currency, converted_currency, amount_e4, converted_e4, refunded_e4"

// donorYearSchema makes the rollup by donor and year and its triggers,
// which are its own, as the rollup by campaign's are.
func donorYearSchema() []string {
	var cols, keys []string
	for _, k := range donorYearKeys {
		cols, keys = append(cols, k.col+" NOT NULL"), append(keys, k.col)
	}
	return []string{
		fmt.Sprintf("CREATE TABLE rollup_donor_year (%s, n INTEGER NOT NULL, e4 INTEGER NOT NULL, PRIMARY KEY (%s)) WITHOUT ROWID",
			strings.Join(cols, ", "), strings.Join(keys, ", ")),
		`CREATE TRIGGER rollup_donor_year_ai AFTER INSERT ON donations WHEN ` + kept + ` BEGIN ` + donorYearAdd("new.") + ` END`,
		`CREATE TRIGGER rollup_donor_year_ad AFTER DELETE ON donations WHEN ` + kept + ` BEGIN ` + donorYearTake("old.") + ` END`,
		`CREATE TRIGGER rollup_donor_year_au AFTER UPDATE OF ` + donorYearInputs + ` ON donations WHEN ` + kept + ` BEGIN ` +
			donorYearTake("old.") + donorYearAdd("new.") + ` END`,
	}
}

// donorYearAdd adds the donation p to its row; a gift with no day is of
// no year, and no report reads it.
func donorYearAdd(p string) string {
	var keys, vals []string
	for _, k := range donorYearKeys {
		keys, vals = append(keys, k.col), append(vals, of(k.of, p))
	}
	return fmt.Sprintf(`INSERT INTO rollup_donor_year (%[1]s, n, e4) SELECT %[2]s, 1, %[3]s WHERE %[4]sday IS NOT NULL
		ON CONFLICT (%[1]s) DO UPDATE SET n = n + 1, e4 = e4 + excluded.e4;`,
		strings.Join(keys, ", "), strings.Join(vals, ", "), of(giftAmount, p), p)
}

// donorYearTake takes the donation p out of its row, and the row out when
// no gift is left in it.
func donorYearTake(p string) string {
	var match []string
	for _, k := range donorYearKeys {
		match = append(match, k.col+" = "+of(k.of, p))
	}
	where := strings.Join(match, " AND ")
	return fmt.Sprintf("UPDATE rollup_donor_year SET n = n - 1, e4 = e4 - %s WHERE %s;\nDELETE FROM rollup_donor_year WHERE %s AND n = 0;\n",
		of(giftAmount, p), where, where)
}

// rebuildDonorYears adds the rollup up again from the donations, into
// the table of the schema into.
func rebuildDonorYears(ctx context.Context, x execer, into string) error {
	var keys []string
	for _, k := range donorYearKeys {
		keys = append(keys, of(k.of, ""))
	}
	return execAll(ctx, x, []string{`DELETE FROM ` + into + `rollup_donor_year`,
		`INSERT INTO ` + into + `rollup_donor_year SELECT ` + strings.Join(keys, ", ") + `, count(*), sum(` + giftAmount + `)
			FROM donations WHERE day IS NOT NULL GROUP BY 1, 2, 3, 4`})
}

// donorYearsServe says whether the rollup by donor and year adds up what
// the reports of q read: calendar years, every gift but by status, once
// the rollups hold every donation (rollupsServe).
func (s *Store) donorYearsServe(ctx context.Context, q ReportQuery) (bool, error) {
	f := filter{Filter: q.Filter}
	f.Statuses = nil
	if q.yearStart() != 1 || !f.isZero() {
		return false, nil
	}
	return s.rollupsServe(ctx, q)
}
