package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// kept is true unless the search index, the rollups and the donors table
// are deferred (the meta key deferred says so).
const kept = `NOT EXISTS (SELECT 1 FROM meta WHERE key = '` + metaDeferred + `')`

// schema is every statement that makes a store of this version. It is
// made on first use, not when the program starts: their
// triggers' SQL, put together from the rollups and the donors' figures,
// would be most of what every command spends before main, while most
// commands open a store whose schema is checked by its sum.
var schema = sync.OnceValue(func() []string {
	return append(append([]string{
		// The record's bytes live apart from its columns: sorting, counting and
		// adding up then read far fewer pages than they would read past them.
		// Compressed on disk (see compress.go): dict is the dictionary's id in
		// records_dict, 0 for a record kept as sent.
		`CREATE TABLE records (id INTEGER PRIMARY KEY, dict INTEGER NOT NULL, raw BLOB NOT NULL)`,
		recordsDictTable,
		donationsTable,
		`CREATE INDEX donations_date ON donations(date_utc, id)`,
		// Gifts sort by what they are worth in one currency, the converted
		// amount, when the server gives it: ¥9,531 is not more than $2,500.
		`CREATE INDEX donations_amount ON donations(` + amountKey + `, id)`,
		// A donor's gifts: the donors table is added up again from them, and a
		// donor is named as on the newest (a sort of one donor's gifts).
		donorIndex,
		convertedIndex,
		`CREATE INDEX donations_name ON donations(name_key, id)`,
		`CREATE INDEX donations_status ON donations(status_key, id)`,
		`CREATE INDEX donations_form ON donations(form_name, id)`,
		campaignIndex,
		planIndex,
		refundedIndex,
		searchView, searchIndex, searchAutomerge, searchCrisismerge,
		`CREATE TRIGGER donations_ad AFTER DELETE ON donations BEGIN
		DELETE FROM records WHERE id = old.id; END`,
		`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
	}, rollupSchema()...), slices.Concat(searchTriggers, campaignRollupSchema(), exchangeSchema,
		donorYearSchema(), donorLastSchema(), heldJSONTriggers, kindSchema)...)
})

// searchTriggers keep the search index over the text searched as
// donations are stored, changed and removed. While a first sync fills an
// empty store the index is not kept up to date row by row (the meta key
// deferred says so): it is built once when that sync ends, or the next
// one if it is cut short.
var searchTriggers = []string{`CREATE TRIGGER donations_ai AFTER INSERT ON donations WHEN ` + kept + ` BEGIN
		INSERT INTO donations_fts(rowid, search) VALUES (new.id, ` + searched("new") + `); END`,
	`CREATE TRIGGER donations_ad_fts AFTER DELETE ON donations WHEN ` + kept + ` BEGIN
		INSERT INTO donations_fts(donations_fts, rowid, search) VALUES ('delete', old.id, ` + searched("old") + `); END`,
	`CREATE TRIGGER donations_au AFTER UPDATE OF search, email_key ON donations WHEN ` + kept + ` BEGIN
		INSERT INTO donations_fts(donations_fts, rowid, search) VALUES ('delete', old.id, ` + searched("old") + `);
		INSERT INTO donations_fts(rowid, search) VALUES (new.id, ` + searched("new") + `); END`}

// donationsTable holds what is sorted, filtered, searched or added up of
// each donation: the rest is read from its record. The campaign (as
// servers that nest it send it), the tribute's type, the part of the
// amount refunded (× 10^4, at most the amount), the interval of a
// recurring gift's plan and the plan's id come last.
const donationsTable = `CREATE TABLE donations (
		id INTEGER PRIMARY KEY,
		date_utc INTEGER, day TEXT,
		amount TEXT, amount_e4 INTEGER, amount_e4f REAL, currency TEXT,
		converted_amount TEXT, converted_e4 INTEGER, converted_e4f REAL, converted_currency TEXT,
		status_key TEXT,
		first_name TEXT, last_name TEXT, name_key TEXT,
		email_key TEXT NOT NULL DEFAULT '',
		form_name TEXT, payment_type TEXT,
		recurring INTEGER NOT NULL DEFAULT 0, anonymous INTEGER NOT NULL DEFAULT 0,
		tribute INTEGER NOT NULL DEFAULT 0,
		search TEXT NOT NULL DEFAULT '', campaign_id INTEGER, campaign_name TEXT, tribute_type TEXT, refunded_e4 INTEGER, plan_interval TEXT, plan_id INTEGER)`

// dictCodec is the column of records_dict that says how its records are
// compressed (see compress.go). Its default is the codec of the
// dictionaries stores made before it was kept: a rebuild adds it to
// theirs, and a new store names S2 for each it makes.
const dictCodec = "codec TEXT NOT NULL DEFAULT '" + codecZstd + "'"

// recordsDictTable holds the dictionaries the records are compressed with.
const recordsDictTable = "CREATE TABLE records_dict (id INTEGER PRIMARY KEY, sum BLOB NOT NULL, bytes BLOB NOT NULL, " + dictCodec + ")"

// convertedIndex is walked to the middle of the converted amounts by the
// median, reading nothing else: of every donation, or of those of some
// statuses, tested in the index (see medianOf).
const convertedIndex = `CREATE INDEX donations_converted ON donations(converted_e4, status_key) WHERE converted_e4 IS NOT NULL`

// campaignIndex serves a report narrowed to a campaign (see narrowBy) as
// donations_form serves one narrowed to a form. Partial: the spec's
// records name no campaign, and then it costs nothing.
const campaignIndex = `CREATE INDEX donations_campaign ON donations(campaign_name, id) WHERE campaign_name IS NOT NULL`

// planIndex serves the filter by plan id: a plan's gifts. Partial: the
// spec's records name no plan, and then it costs nothing.
const planIndex = `CREATE INDEX donations_plan ON donations(plan_id, id) WHERE plan_id IS NOT NULL`

// donorIndex holds every column a summary by donor (and day, week or
// month) reads, in the order it groups them (donorGroupBy): SQLite then
// streams the groups from it instead of sorting every donation, which made
// that summary far slower than the sqlite3 shell grouping the same rows. The fundraising reports group by donor too, and read the status,
// whether a gift recurs, its time, its donor's name, the part refunded and
// the plan's interval besides: with all of them here a report reads this
// index in its order and nothing else (looking each gift up in the table
// would be most of what a report costs), and sorts nothing by donor. It
// is a small part of a store.
const donorIndex = `CREATE INDEX donations_donor ON donations(email_key, day, currency, converted_currency, amount_e4, converted_e4,
	status_key, recurring, date_utc, first_name, last_name, refunded_e4, plan_interval)`

// upkeep says whether o is one of the objects a first sync drops while it
// fills an empty store, and makes again at its end (see begin and tidy):
// the indexes of donations that take its rows in no order, which at a
// million rows read and wrote most of their pages again for each page
// stored, and the triggers that keep the search index and the sums, idle
// then anyway, whose presence alone made SQLite keep a statement journal
// for every insert. donations_date stays (it takes rows in the order of
// their ids, and the browser's first screen reads it while the sync runs),
// and so do donations_ad and donations_ad_exchange, which remove a removed
// donation's record and its request's mapping whatever is deferred.
func upkeep(o object) bool {
	switch o.typ {
	case "index":
		return o.table == "donations" && o.name != "donations_date"
	case "trigger":
		return o.name != "donations_ad" && o.name != "donations_ad_exchange"
	}
	return false
}

// upkeepObjects are the objects upkeep names, by name.
func upkeepObjects() ([]object, error) {
	want, err := made()
	var out []object
	for _, name := range sortedNames(want) {
		if upkeep(want[name]) {
			out = append(out, want[name])
		}
	}
	return out, err
}

// dropUpkeep drops what upkeep names, for a first sync into an empty store
// (again, when one killed before it stored a page dropped them). The JSON
// held, which triggers among them keep, is added up again once they are
// back (heldJSON).
func dropUpkeep(ctx context.Context, tx *sql.Tx) error {
	objs, err := upkeepObjects()
	for _, o := range objs {
		if err == nil {
			_, err = tx.ExecContext(ctx, `DROP `+strings.ToUpper(o.typ)+` IF EXISTS "`+o.name+`"`)
		}
	}
	if err == nil {
		_, err = tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaJSONBytes)
	}
	return err
}

// makeUpkeep makes again what dropUpkeep dropped and the store lacks: a
// store whose first sync began under an earlier version kept them.
func makeUpkeep(ctx context.Context, tx *sql.Tx) error {
	objs, err := upkeepObjects()
	if err != nil {
		return err
	}
	have, err := schemaOf(ctx, tx)
	for _, o := range objs {
		if _, ok := have[o.name]; !ok && err == nil {
			_, err = tx.ExecContext(ctx, o.sql)
		}
	}
	return err
}

// build drops what a store too old to rebuild holds and makes the schema
// anew, empty.
func build(ctx context.Context, tx *sql.Tx) error {
	drop, err := tablesOf(ctx, tx)
	if err != nil {
		return err
	}
	for _, stmt := range append(drop, schema()...) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("creating the schema: %w", err)
		}
	}
	if err := setMeta(ctx, tx, metaZone, localZone()); err != nil {
		return err
	}
	// Empty, its search index is as buildSearch leaves one.
	if err := setMeta(ctx, tx, metaSearchBuilt, "1"); err != nil {
		return err
	}
	return setVersion(ctx, tx)
}

// setVersion records that the store is of schemaVersion.
func setVersion(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion))
	return err
}

// tablesOf is a DROP for each table of an older store (checkSchema found
// them all to be a store's), and for the search index's view, the search
// index first, which drops its own.
func tablesOf(ctx context.Context, tx *sql.Tx) ([]string, error) {
	have, err := schemaOf(ctx, tx)
	if err != nil {
		return nil, err
	}
	var drop []string
	for _, name := range sortedNames(have) {
		switch o := have[name]; {
		case o.typ == "view": // the search index's content (see oursOlder)
			drop = append([]string{`DROP VIEW IF EXISTS "` + name + `"`}, drop...)
		case o.typ == "table":
			stmt := `DROP TABLE IF EXISTS "` + name + `"`
			if strings.HasPrefix(o.sql, "CREATE VIRTUAL TABLE") {
				drop = append([]string{stmt}, drop...)
			} else {
				drop = append(drop, stmt)
			}
		}
	}
	return drop, nil
}
