package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// A rollup keeps, per combination of its keys, what the donations with
// those keys add up to, kept by triggers as donations are stored, changed
// and removed. Adding up a million donations by month, form or status then
// reads a few thousand rows: a pass over the donations took 19 s.
type rollup struct {
	table string
	keys  []string // columns of donations, NULL kept as ''
}

var rollups = []rollup{
	// day is the date in the store's zone: periods are made of days.
	{"rollup_day", []string{"day", "currency", "converted_currency"}},
	{"rollup_dims", []string{"form_name", "status_key", "currency", "payment_type", "recurring", "converted_currency"}},
}

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

// donorColumns add up one donor's gifts: the donor view reads them from the
// donors table, or from a GROUP BY over the donations a filter selects.
const donorColumns = `email_key, min(name_key) AS name_key, count(*) AS gifts,
	coalesce(sum(converted_e4), 0) AS total, count(*) - count(converted_e4) AS inexact,
	coalesce(max(converted_currency), '') AS currency, min(date_utc) AS first, max(date_utc) AS last,
	max(recurring) AS recurring`

// rolledColumns are the donation columns the rollups read: a change to any
// other (last_seen, the raw record) leaves them as they are.
const rolledColumns = `day, currency, converted_currency, amount, amount_e4, converted_amount,
	converted_e4, form_name, status_key, payment_type, recurring`

// rollupSchema makes the rollups, the donors table and the triggers that
// keep them; like the search index they wait while a first sync fills an
// empty store (see kept) and are built once at its end (rebuildRollups).
func rollupSchema() []string {
	var out []string
	for _, r := range rollups {
		var cols []string
		for _, k := range r.keys {
			cols = append(cols, k+" NOT NULL")
		}
		for _, s := range rollupSums {
			cols = append(cols, s.col+" INTEGER NOT NULL")
		}
		out = append(out, fmt.Sprintf("CREATE TABLE %s (%s, PRIMARY KEY (%s)) WITHOUT ROWID",
			r.table, strings.Join(cols, ", "), strings.Join(r.keys, ", ")))
	}
	out = append(out, `CREATE TABLE donors (email_key TEXT PRIMARY KEY, name_key TEXT, gifts INTEGER NOT NULL,
		total INTEGER NOT NULL, inexact INTEGER NOT NULL, currency TEXT NOT NULL, first INTEGER, last INTEGER,
		recurring INTEGER) WITHOUT ROWID`)
	out = append(out, donorIndexes(createDonorIndex)...)
	return append(out,
		`CREATE TRIGGER rollups_ai AFTER INSERT ON donations WHEN `+kept+` BEGIN `+rollupAdd("new")+donorAdd+` END`,
		`CREATE TRIGGER rollups_ad AFTER DELETE ON donations WHEN `+kept+` BEGIN `+rollupTake("old")+donorAgain("old")+` END`,
		`CREATE TRIGGER rollups_au AFTER UPDATE OF `+rolledColumns+` ON donations WHEN `+kept+` BEGIN `+
			rollupTake("old")+rollupAdd("new")+` END`,
		// A refund or a changed address leaves the donor as they were: only a
		// change to what the donor view adds up adds their gifts up again.
		`CREATE TRIGGER donors_au AFTER UPDATE OF `+donorInputs+` ON donations WHEN `+kept+` AND (`+changed(donorInputs)+`) BEGIN `+
			donorAgain("old")+donorAgain("new")+` END`)
}

// donorInputs are the donation columns donorColumns read.
const donorInputs = "email_key, name_key, converted_e4, converted_currency, date_utc, recurring"

// changed is true when any of cols differs between old and new.
func changed(cols string) string {
	var conds []string
	for _, c := range strings.Split(cols, ", ") {
		conds = append(conds, fmt.Sprintf("old.%[1]s IS NOT new.%[1]s", c))
	}
	return strings.Join(conds, " OR ")
}

// donorAdd adds a new gift to its donor's row, as donorColumns would add it
// up: adding all of a donor's gifts up again made storing quadratic in the
// largest donor (every gift without an e-mail is one donor, "").
const donorAdd = `INSERT INTO donors (email_key, name_key, gifts, total, inexact, currency, first, last, recurring)
	VALUES (new.email_key, new.name_key, 1, coalesce(new.converted_e4, 0), new.converted_e4 IS NULL,
		coalesce(new.converted_currency, ''), new.date_utc, new.date_utc, new.recurring)
	ON CONFLICT (email_key) DO UPDATE SET
		name_key = coalesce(min(name_key, excluded.name_key), name_key, excluded.name_key),
		gifts = gifts + 1, total = total + excluded.total, inexact = inexact + excluded.inexact,
		currency = max(currency, excluded.currency),
		first = coalesce(min(first, excluded.first), first, excluded.first),
		last = coalesce(max(last, excluded.last), last, excluded.last),
		recurring = max(recurring, excluded.recurring);
`

const createDonorIndex = "CREATE INDEX donors_%[1]s ON donors(%[1]s)"

// donorIndexes are the donor view's sorts, each an index made by format.
func donorIndexes(format string) []string {
	var out []string
	for _, col := range []string{"total", "gifts", "name_key", "first", "last"} {
		out = append(out, fmt.Sprintf(format, col))
	}
	return out
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
func rollupAdd(p string) string {
	var b strings.Builder
	for _, r := range rollups {
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
func rollupTake(p string) string {
	var b strings.Builder
	for _, r := range rollups {
		var set []string
		for _, s := range rollupSums {
			set = append(set, fmt.Sprintf("%s = %s - (%s)", s.col, s.col, strings.ReplaceAll(s.one, "$", p)))
		}
		fmt.Fprintf(&b, "UPDATE %s SET %s WHERE %s;\n", r.table, strings.Join(set, ", "), r.keyMatch(p))
		fmt.Fprintf(&b, "DELETE FROM %s WHERE %s AND n = 0;\n", r.table, r.keyMatch(p))
	}
	return b.String()
}

// donorAgain adds up again the gifts of the donor of p, from the index that
// holds them in e-mail order.
func donorAgain(p string) string {
	return fmt.Sprintf(`DELETE FROM donors WHERE email_key = %[1]s.email_key;
		INSERT INTO donors SELECT `+donorColumns+` FROM donations WHERE email_key = %[1]s.email_key GROUP BY email_key;
		`, p)
}

// rebuildRollups adds everything up again, after a first sync that left
// the triggers idle.
func rebuildRollups(ctx context.Context, tx *sql.Tx) error {
	var stmts []string
	for _, r := range rollups {
		var cols []string
		for _, k := range r.keys {
			cols = append(cols, fmt.Sprintf("coalesce(%s, '')", k))
		}
		keys := strings.Join(cols, ", ")
		for _, s := range rollupSums {
			cols = append(cols, s.agg)
		}
		stmts = append(stmts, "DELETE FROM "+r.table,
			fmt.Sprintf("INSERT INTO %s SELECT %s FROM donations GROUP BY %s", r.table, strings.Join(cols, ", "), keys))
	}
	// Adding the donors up in table order and their indexes after them, from
	// sorted rows, costs a fifth of reading the donations in e-mail order
	// and filling five indexes row by row.
	stmts = append(stmts, `DELETE FROM donors`)
	stmts = append(stmts, donorIndexes("DROP INDEX donors_%[1]s")...)
	stmts = append(stmts, `INSERT INTO donors SELECT `+donorColumns+` FROM donations NOT INDEXED GROUP BY email_key`)
	stmts = append(stmts, donorIndexes(createDonorIndex)...)
	for _, q := range stmts {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("adding up the store: %w", err)
		}
	}
	return nil
}

// rolledUp says whether the rollups and the donors table hold every
// donation: not while a first sync defers them.
func (s *Store) rolledUp(ctx context.Context) (bool, error) {
	v, err := s.meta(ctx, metaDeferred)
	return v == "", err
}
