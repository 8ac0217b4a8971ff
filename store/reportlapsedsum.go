package store

import (
	"context"
	"fmt"
	"strings"
)

// Reading the gifts of LYBUNT's and SYBUNT's donors, adding them up by
// donor and sorting them is slow at a million gifts. The table
// rollup_donor_last holds, for each rule of the donors table (not every gift's)
// and each donor with an e-mail, what those reports give of them: their
// newest counted gift (its time, day and name), the year of it (a fiscal
// year by the start meta holds, see reportlapsedsum_fiscal.go), their
// gifts and total, and the total of that year, each gift counted as
// a report counts it (giftAmount). A donor whose gifts are in more than one
// currency (cur NULL) is read the slow way. The reports then read one row
// a donor they list, in the order they list them (rollup_donor_last_year).

// lastRules are the rules rollup_donor_last adds up, each numbered there
// by its place here: the paid gifts, what every report counts unless told
// otherwise. The donors table's other rule (every status but refunded)
// doubled the table, taking a store close to its JSON's size, for a
// switch the reports can answer the slow way, from the gifts.
var lastRules = donorRules[1:2]

// ruleNumber is r's number in rollup_donor_last, 0 for none.
func ruleNumber(r donorRule) int {
	for i, lr := range lastRules {
		if lr.prefix == r.prefix {
			return i + 1
		}
	}
	return 0
}

// donorLastInputs are the donation columns rollup_donor_last reads.
const donorLastInputs = "day, date_utc, email_key, status_key, currency, converted_currency, amount_e4, converted_e4, refunded_e4, first_name, last_name, recurring, plan_interval"

// donorLastSchema makes rollup_donor_last and the triggers that keep it.
func donorLastSchema() []string {
	return append([]string{donorLastTable}, donorLastTriggers(keptYear)...)
}

// donorLastTable is kept in LYBUNT's order: the donors of one year,
// biggest first, ties by e-mail, read in a run (an index in that order
// cost a seek into the table a donor, most of the report); SYBUNT's,
// years before.
const donorLastTable = `CREATE TABLE rollup_donor_last (rule INTEGER NOT NULL, year INTEGER NOT NULL, cur TEXT NOT NULL,
			yeartotal INTEGER NOT NULL, email_key TEXT NOT NULL, mixed INTEGER NOT NULL, day INTEGER NOT NULL,
			first_name TEXT, last_name TEXT, gifts INTEGER NOT NULL, lifetime INTEGER NOT NULL, recurring BLOB,
			PRIMARY KEY (rule, year, cur, yeartotal DESC, email_key)) WITHOUT ROWID`

// donorLastTriggers keep rollup_donor_last, its years made by the SQL
// year. Before a gift changes, a trigger takes its donor's rows out, found
// by adding the donor up from their gifts alone (a few, through
// donations_donor): an index by e-mail to find them by made the table
// much larger on disk. After it, a trigger adds the donor up again: the
// newest gift and its year's total have no cheap inverse.
func donorLastTriggers(year string) []string {
	when := kept + " AND %[1]semail_key <> ''"
	trigger := func(name, when, event, body string) string {
		return `CREATE TRIGGER rollup_donor_last_` + name + ` ` + event + ` ON donations WHEN ` + when + ` BEGIN ` + body + ` END`
	}
	update := "UPDATE OF " + donorLastInputs
	return []string{
		trigger("bi", fmt.Sprintf(when, "new."), "BEFORE INSERT", donorLastForget("new.", year)),
		trigger("ai", fmt.Sprintf(when, "new."), "AFTER INSERT", donorLastAdd("new.", "", year)),
		trigger("bd", fmt.Sprintf(when, "old."), "BEFORE DELETE", donorLastForget("old.", year)),
		trigger("ad", fmt.Sprintf(when, "old."), "AFTER DELETE", donorLastAdd("old.", "", year)),
		trigger("bu", kept, "BEFORE "+update, donorLastForget("old.", year)+donorLastForget("new.", year)),
		trigger("au", kept, "AFTER "+update, donorLastAdd("old.", "", year)+donorLastAdd("new.", " AND new.email_key IS NOT old.email_key", year)),
	}
}

// donorLastGroups adds up the donations where says (a donor's, or every
// one's) that rule number n counts, by donor, their years made by the SQL
// year. The bare columns are the
// newest gift's, beside the lone max(), as the slow path's query takes
// them: ties fall the same way. lastsum() adds up the gifts of the newest
// year, recurringsum() the recurring ones.
func donorLastGroups(n int, where, year string) string {
	return fmt.Sprintf(`(SELECT email_key, max(date_utc), day, first_name, last_name, %[5]s AS year,
			cur, count(DISTINCT cur) > 1 AS mixed, count(*) AS gifts, sum(e4) AS lifetime, lastsum(%[5]s, e4) AS last,
			recurringsum(date_utc, recurring, e4, plan_interval, first_name, last_name) AS rsum
		FROM (SELECT email_key, date_utc, day, first_name, last_name, recurring, plan_interval, %[1]s AS cur, %[2]s AS e4 FROM donations
			WHERE %[3]s AND day IS NOT NULL AND %[4]s) GROUP BY email_key)`,
		giftCurrency, giftAmount, where, lastRules[n-1].cond(""), year)
}

// donorLastRows is the SELECT of rollup_donor_last's rows of rule number
// n from the donations where says, their years made by the SQL year.
func donorLastRows(n int, where, year string) string {
	// The day as days since 1970 (2 or 3 bytes, not 10: what the column
	// recurring costs, given back), as text if it is no date.
	return fmt.Sprintf(`SELECT %d, year, cur, last, email_key, mixed, coalesce(unixepoch(day) / 86400, day), first_name, last_name, gifts, lifetime, rsum FROM %s`,
		n, donorLastGroups(n, where, year))
}

// ofDonor selects the gifts of the donor of the donation p.
func ofDonor(p string) string { return "email_key = " + p + "email_key AND email_key <> ''" }

// donorLastForget takes the rows of the donor of the donation p out, as
// their gifts add up before it changes.
func donorLastForget(p, year string) string {
	var b strings.Builder
	for i := range lastRules {
		n := i + 1
		// The row's whole key, by a row value of one row: SQLite sought
		// only its first two columns with IN (a year of donors).
		fmt.Fprintf(&b, "DELETE FROM rollup_donor_last WHERE rule = %d AND email_key = %semail_key AND (year, cur, yeartotal) = (SELECT year, cur, last FROM %s);\n",
			n, p, donorLastGroups(n, ofDonor(p), year))
	}
	return b.String()
}

// donorLastAdd adds the donor of the donation p up again under each rule,
// after it changed, if also holds; a donor left with no counted gift has
// no row. An update adds up the donor of the new gift only if it is not
// the old one's: OR REPLACE here gives way to the upsert's own conflict
// clause.
func donorLastAdd(p, also, year string) string {
	var b strings.Builder
	for i := range lastRules {
		fmt.Fprintf(&b, "INSERT INTO rollup_donor_last %s;\n", donorLastRows(i+1, ofDonor(p)+also, year))
	}
	return b.String()
}

// rebuildDonorLasts adds rollup_donor_last up again from the donations, one pass
// a rule through donations_donor, into the table of the schema into.
func rebuildDonorLasts(ctx context.Context, x execer, into string) error {
	stmts := []string{`DELETE FROM ` + into + `rollup_donor_last`}
	for i := range lastRules {
		n := i + 1
		// In the table's order, its pages are filled whole, not split
		// half empty as rows land all over it.
		stmts = append(stmts, "INSERT INTO "+into+"rollup_donor_last "+donorLastRows(n, "email_key <> ''", keptYear)+
			" ORDER BY year, cur, last DESC, email_key")
	}
	return execAll(ctx, x, stmts)
}
