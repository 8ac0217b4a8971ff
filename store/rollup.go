package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A rollup keeps, per combination of its keys, what the donations with
// those keys add up to, kept by triggers as donations are stored, changed
// and removed. Adding up a million donations by month, form or status then
// reads a few thousand rows, not every donation.
type rollup struct {
	table string
	keys  []string // columns of donations, NULL kept as ''
}

// sharedRollups are the rollups the triggers rollupSchema makes keep.
var sharedRollups = []rollup{
	// day is the date in the store's zone: periods are made of days. By
	// status too, so that the paid gifts alone read them.
	{"rollup_day", []string{"day", "currency", "converted_currency", "status_key"}},
	{"rollup_dims", []string{"form_name", "status_key", "currency", "payment_type", "recurring", "converted_currency"}},
}

// rollups are every rollup the store keeps: the rollup by campaign has
// triggers of its own (campaignRollupSchema).
var rollups = append(slices.Clone(sharedRollups), campaignRollup)

// campaignRollup adds the donations up by campaign and status, so that a
// break-down by campaign (insights; summary --by campaign) of every
// donation, or of some statuses, reads a few rows, not every donation. It
// keeps itself, by triggers of its own: a change of campaign alone then
// leaves the other rollups as they are.
var campaignRollup = rollup{"rollup_campaign", []string{"campaign_name", "status_key", "currency", "converted_currency"}}

// campaignInputs are the donation columns the rollup by campaign reads.
const campaignInputs = "campaign_name, status_key, currency, converted_currency, amount, amount_e4, converted_amount, converted_e4"

// campaignRollupSchema makes the rollup by campaign and its triggers.
func campaignRollupSchema() []string {
	rs := []rollup{campaignRollup}
	return []string{campaignRollup.create(),
		`CREATE TRIGGER rollup_campaign_ai AFTER INSERT ON donations WHEN ` + kept + ` BEGIN ` + rollupAdd(rs, "new") + ` END`,
		`CREATE TRIGGER rollup_campaign_ad AFTER DELETE ON donations WHEN ` + kept + ` BEGIN ` + rollupTake(rs, "old") + ` END`,
		`CREATE TRIGGER rollup_campaign_au AFTER UPDATE OF ` + campaignInputs + ` ON donations WHEN ` + kept + ` BEGIN ` +
			rollupTake(rs, "old") + rollupAdd(rs, "new") + ` END`,
	}
}

// byRows are the rollups in the order a grouping tries them, the fewest
// rows first as they are usually kept.
var byRows = []rollup{rollups[1], rollups[2], rollups[0]}

// rollupSums are a rollup's sums: their column, how a GROUP BY over the
// donations makes it, and what one donation adds to it ($ is new or old).
var rollupSums = []struct{ col, agg, one string }{
	{"n", "count(*)", "1"},
	{"n_amount", "count(amount)", "$.amount IS NOT NULL"},
	{"n_amount_e4", "count(amount_e4)", "$.amount_e4 IS NOT NULL"},
	{"amount_e4", "coalesce(sum(amount_e4), 0)", "coalesce($.amount_e4, 0)"},
	{"n_converted", "count(converted_amount)", "$.converted_amount IS NOT NULL"},
	{"n_converted_e4", "count(converted_e4)", "$.converted_e4 IS NOT NULL"},
	{"converted_e4", "coalesce(sum(converted_e4), 0)", "coalesce($.converted_e4, 0)"},
}

// rolledColumns are the donation columns the rollups read: a change to any
// other (last_seen, the raw record) leaves them as they are.
const rolledColumns = `day, currency, converted_currency, amount, amount_e4, converted_amount,
	converted_e4, form_name, status_key, payment_type, recurring`

// rollupSchema makes the rollups, the donors table and the triggers that
// keep them; like the search index they wait while a first sync fills an
// empty store (see kept) and are built once at its end (rebuildRollups).
func rollupSchema() []string {
	rs := sharedRollups
	var out []string
	for _, r := range rs {
		out = append(out, r.create())
	}
	out = append(out, donorsTable())
	for _, ix := range donorIndexes() {
		out = append(out, ix.create)
	}
	return append(out,
		`CREATE TRIGGER rollups_ai AFTER INSERT ON donations WHEN `+kept+` BEGIN `+rollupAdd(rs, "new")+donorAdd()+` END`,
		`CREATE TRIGGER rollups_ad AFTER DELETE ON donations WHEN `+kept+` BEGIN `+rollupTake(rs, "old")+donorAgain("old")+` END`,
		`CREATE TRIGGER rollups_au AFTER UPDATE OF `+rolledColumns+` ON donations WHEN `+kept+` BEGIN `+
			rollupTake(rs, "old")+rollupAdd(rs, "new")+` END`,
		// A changed address leaves the donor as they were: only a change to
		// what the donor view adds up (a refund's status among it) adds
		// their gifts up again.
		`CREATE TRIGGER donors_au AFTER UPDATE OF `+donorReads+` ON donations WHEN `+kept+` AND (`+changed(donorReads)+`) BEGIN `+
			donorAgain("old")+donorAgain("new")+` END`)
}

// create makes the rollup's table.
func (r rollup) create() string {
	var cols []string
	for _, k := range r.keys {
		cols = append(cols, k+" NOT NULL")
	}
	for _, s := range rollupSums {
		cols = append(cols, s.col+" INTEGER NOT NULL")
	}
	return fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) WITHOUT ROWID",
		r.table, strings.Join(cols, ", "), strings.Join(r.keys, ", "))
}

// donorInputs are the donation columns the donors table reads but those
// a rule's condition and the net amount are worked out from, which
// countedGifts works out once and carries in their place.
const donorInputs = "email_key, name_key, converted_e4, converted_currency, date_utc, recurring"

// donorReads are every donation column the donors table reads: a change
// to one (a refund in part found later among them) adds the donor up again.
const donorReads = donorInputs + ", status_key, amount_e4, refunded_e4"

// changed is true when any of cols differs between old and new.
func changed(cols string) string {
	var conds []string
	for _, c := range strings.Split(cols, ", ") {
		conds = append(conds, fmt.Sprintf("old.%[1]s IS NOT new.%[1]s", c))
	}
	return strings.Join(conds, " OR ")
}

// keyMatch is the WHERE clause that finds the row of r for the donation p.
func (r rollup) keyMatch(p string) string {
	var conds []string
	for _, k := range r.keys {
		conds = append(conds, fmt.Sprintf("%s = coalesce(%s.%s, '')", k, p, k))
	}
	return strings.Join(conds, " AND ")
}

// rollupAdd adds the donation p to its row of each rollup.
func rollupAdd(rs []rollup, p string) string {
	var b strings.Builder
	for _, r := range rs {
		var cols, vals, set []string
		for _, k := range r.keys {
			cols, vals = append(cols, k), append(vals, fmt.Sprintf("coalesce(%s.%s, '')", p, k))
		}
		for _, s := range rollupSums {
			cols, vals = append(cols, s.col), append(vals, strings.ReplaceAll(s.one, "$", p))
			set = append(set, fmt.Sprintf("%[1]s = %[1]s + excluded.%[1]s", s.col))
		}
		fmt.Fprintf(&b, "INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (%s) DO UPDATE SET %s;\n", r.table,
			strings.Join(cols, ", "), strings.Join(vals, ", "), strings.Join(r.keys, ", "), strings.Join(set, ", "))
	}
	return b.String()
}

// rollupTake takes the donation p out of its row of each rollup, and the
// row out when no donation is left in it.
func rollupTake(rs []rollup, p string) string {
	var b strings.Builder
	for _, r := range rs {
		var set []string
		for _, s := range rollupSums {
			set = append(set, fmt.Sprintf("%s = %s - (%s)", s.col, s.col, strings.ReplaceAll(s.one, "$", p)))
		}
		fmt.Fprintf(&b, "UPDATE %s SET %s WHERE %s;\n", r.table, strings.Join(set, ", "), r.keyMatch(p))
		fmt.Fprintf(&b, "DELETE FROM %s WHERE %s AND n = 0;\n", r.table, r.keyMatch(p))
	}
	return b.String()
}

// rebuildRollups adds everything up again, after a first sync that left
// the triggers idle.
func rebuildRollups(ctx context.Context, tx *sql.Tx) error {
	for _, a := range addUps {
		if err := a.fill(ctx, tx, ""); err != nil {
			return err
		}
	}
	return nil
}

// addUp is one part of what rebuildRollups adds up: what fills its tables
// (in the schema into: "" for the store's own), which they are, and
// whether a first sync's end adds it up beside its writer (buildBeside),
// which only one that reads the donations alone, no index that sync
// deferred, can.
type addUp struct {
	fill   func(ctx context.Context, x execer, into string) error
	tables []string
	beside bool
}

// The side also builds the search index, the longest part of the end:
// beside it only the rollups; the donors and their years go on the
// writer, after its compaction and indexes, which leaves the two sides
// about even, where with them beside the side would be the longer by far
// (BenchmarkFirstSyncEnd; figures in docs/performance.md).
var addUps = []addUp{
	{rebuildSums, rollupTables(), true},
	{rebuildDonorYears, []string{"rollup_donor_year"}, false},
	// Through donations_donor, one of the deferred indexes, which the
	// writer makes first: beside it, the donations would have to be
	// sorted by e-mail instead, which costs far more than the index's
	// walk.
	{rebuildDonorLasts, []string{"rollup_donor_last"}, false},
	{fillDonors, []string{"donors"}, false},
}

// rollupTables are the tables of rollups.
func rollupTables() []string {
	var out []string
	for _, r := range rollups {
		out = append(out, r.table)
	}
	return out
}

// execer runs statements: a transaction, or the connection that adds the
// sums up beside a first sync's writer.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// rebuildSums adds the rollups up again: the rollup by day from the
// donations, the others from their parts (rollupParts). Each GROUP BY over
// the donations sorts every one of them, so the rollups by form and by
// campaign are not made so: their parts, a few thousand rows (the demo's
// forms, statuses, currencies and payment types), are sorted once and
// added up again for next to nothing.
func rebuildSums(ctx context.Context, x execer, into string) error {
	var stmts, keys []string
	var fromParts []rollup
	for _, r := range rollups {
		if slices.Contains(r.keys, "day") {
			stmts = append(stmts, r.rebuild(into, "donations", rollupSums)...)
			continue
		}
		fromParts = append(fromParts, r)
		for _, k := range r.keys {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	parts := rollup{"temp.rollup_parts", keys}
	// Dropped first: a connection that failed before it dropped them
	// would keep them.
	stmts = append(stmts, "DROP TABLE IF EXISTS "+parts.table,
		"CREATE TABLE "+parts.table+" AS "+parts.sums("donations", rollupSums))
	for _, r := range fromParts {
		stmts = append(stmts, r.rebuild(into, parts.table, partSums)...)
	}
	return execAll(ctx, x, append(stmts, "DROP TABLE "+parts.table))
}

// partSums add up again the rollupSums of parts: each a sum of theirs.
var partSums = func() []struct{ col, agg, one string } {
	out := slices.Clone(rollupSums)
	for i := range out {
		out[i].agg = "sum(" + out[i].col + ")"
	}
	return out
}()

// fillDonors adds every donor up again. Adding the donors up in table
// order and their indexes after them, from sorted rows, costs far less
// than reading the donations in e-mail order and filling five indexes
// row by row. Each gift's terms are worked out once (countedGifts).
func fillDonors(ctx context.Context, x execer, into string) error {
	stmts := []string{`DELETE FROM ` + into + `donors`}
	indexes := donorIndexes()
	for _, ix := range indexes {
		stmts = append(stmts, "DROP INDEX "+into+ix.name)
	}
	// In e-mail order: a read of the table in that order (the reports'
	// picked donors) then finds each row on the page after the last.
	stmts = append(stmts, `INSERT INTO `+into+`donors `+everyDonor())
	for _, ix := range indexes {
		// The index's name alone says its schema: its table is in it.
		stmts = append(stmts, strings.Replace(ix.create, " INDEX "+ix.name+" ", " INDEX "+into+ix.name+" ", 1))
	}
	return execAll(ctx, x, stmts)
}

// everyDonor adds every donor up, in e-mail order.
func everyDonor() string {
	return `SELECT ` + donorColumnsReading(donorRules, ofCountedGifts) + ` FROM ` + countedGifts(donorRules) + ` GROUP BY email_key ORDER BY email_key`
}

func execAll(ctx context.Context, x execer, stmts []string) error {
	for _, q := range stmts {
		if _, err := x.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("adding up the store: %w", err)
		}
	}
	return nil
}

// rebuild adds the rollup up again from the rows of from (the donations,
// or parts of them) by sums, into the table of the schema into.
func (r rollup) rebuild(into, from string, sums []struct{ col, agg, one string }) []string {
	return []string{"DELETE FROM " + into + r.table, "INSERT INTO " + into + r.table + " " + r.sums(from, sums)}
}

// sums is the SELECT that adds up the rows of from by sums, per
// combination of r's keys (NULL kept as ”), each named as its column.
func (r rollup) sums(from string, sums []struct{ col, agg, one string }) string {
	var cols, keys []string
	for i, k := range r.keys {
		// By place: a name would group by the column, NULL apart from ''.
		cols, keys = append(cols, fmt.Sprintf("coalesce(%s, '') AS %s", k, k)), append(keys, strconv.Itoa(i+1))
	}
	for _, s := range sums {
		cols = append(cols, s.agg+" AS "+s.col)
	}
	return fmt.Sprintf("SELECT %s FROM %s GROUP BY %s", strings.Join(cols, ", "), from, strings.Join(keys, ", "))
}

// rolledUp says whether the rollups and the donors table hold every
// donation: not while a first sync defers them.
func (s *Store) rolledUp(ctx context.Context) (bool, error) {
	v, err := s.meta(ctx, metaDeferred)
	return v == "", err
}

// statusesOnly says whether f selects by status alone, naming no blank
// one: the rollups, which hold a gift without a status as ”, then add up
// what f selects by the status they are kept by.
func (f filter) statusesOnly() bool {
	for _, st := range f.Statuses {
		if strings.TrimSpace(st) == "" {
			return false
		}
	}
	rest := f
	rest.Statuses = nil
	return len(f.Statuses) > 0 && rest.isZero()
}

// rolledFilter says whether the rollups add up what f selects: every
// donation, or those of some statuses, once the rollups hold them all.
func (s *Store) rolledFilter(ctx context.Context, f filter) (bool, error) {
	if !f.isZero() && !f.statusesOnly() {
		return false, nil
	}
	return s.rolledUp(ctx)
}

// donorRuleOf is the rule whose columns of the donors table add up the
// gifts f selects: every gift when f selects all, else the rule that counts
// the same statuses among those the store holds; ok is false when none
// does (or the donors table does not hold every donation).
func (s *Store) donorRuleOf(ctx context.Context, f filter) (rule donorRule, ok bool, err error) {
	if ok, err := s.rolledFilter(ctx, f); !ok || err != nil {
		return rule, false, err
	}
	if f.isZero() {
		return every, true, nil
	}
	named := map[string]bool{}
	for _, st := range f.Statuses {
		named[statusKey(st)] = true
	}
	return s.ruleCounting(ctx, func(st string) bool { return named[st] })
}

// ruleCounting is the rule of the donors table that counts a gift of each
// status the store holds just when counts says so; ok is false when none
// does.
func (s *Store) ruleCounting(ctx context.Context, counts func(status string) bool) (rule donorRule, ok bool, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT status_key FROM rollup_dims`)
	if err != nil {
		return rule, false, s.explain(err)
	}
	var held []string
	for rows.Next() {
		var st string
		if err := rows.Scan(&st); err != nil {
			rows.Close()
			return rule, false, s.explain(err)
		}
		held = append(held, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rule, false, s.explain(err)
	}
	for _, r := range donorRules[1:] {
		if !slices.ContainsFunc(held, func(st string) bool { return counts(st) != r.counts(st) }) {
			return r, true, nil
		}
	}
	return rule, false, nil
}
