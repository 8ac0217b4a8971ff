package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"slices"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
)

// undoCodec keeps every record as sent and drops the dictionaries'
// codec, as a store of version 26 may be (one that held fewer than
// dictBytes of records), with its triggers.
func undoCodec() []string {
	if err := registerRestore(); err != nil {
		panic(err)
	}
	return slices.Concat([]string{`UPDATE records SET raw = restored((SELECT bytes FROM records_dict WHERE id = records.dict), raw), dict = 0 WHERE dict != 0`,
		`DELETE FROM records_dict`, `DROP TRIGGER records_json_ai`, `DROP TRIGGER records_json_ad`, `DROP TRIGGER records_json_au`,
		`ALTER TABLE records_dict DROP COLUMN codec`}, heldJSONTriggers26)
}

// undoSearch makes the search index anew as version 26 made it, over the
// search column alone.
func undoSearch() []string {
	return slices.Concat([]string{`DROP TRIGGER donations_ai`, `DROP TRIGGER donations_ad_fts`,
		`DROP TRIGGER donations_au`, `DROP TABLE donations_fts`, `DROP VIEW donations_search`,
		searchIndex26, searchAutomerge, searchCrisismerge}, searchTriggersAt(26),
		[]string{`INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`})
}

// registerRestore makes restored(dict, raw) known to the connections
// opened after it: the record an S2 dictionary's block holds.
var registerRestore = sync.OnceValue(func() error {
	return sqlite.RegisterDeterministicScalarFunction("restored", 2, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		dict, _ := args[0].([]byte)
		raw, _ := args[1].([]byte)
		c, err := newCodec(0, codecS2, dict)
		if err != nil {
			return nil, err
		}
		return c.unpack(raw)
	})
})

// GroupTable is the table Groups reads for f, by and loc.
func (s *Store) GroupTable(ctx context.Context, f Filter, by []string, loc *time.Location) (string, error) {
	src, err := s.groupSource(ctx, f, by, loc)
	return src.table, err
}

// FreePages is how many pages the store's file holds free.
func (s *Store) FreePages(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRowContext(ctx, `PRAGMA freelist_count`).Scan(&n)
	return n, err
}

// Integrity is what SQLite's integrity check finds: "ok" when nothing.
func (s *Store) Integrity(ctx context.Context) (string, error) {
	var r string
	err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&r)
	return r, err
}

// WithoutAutoVacuum makes the store as one made before stores had
// incremental auto-vacuum.
func (s *Store) WithoutAutoVacuum(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA auto_vacuum = NONE`); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, `VACUUM`)
	return err
}

// AutoVacuum is the store's PRAGMA auto_vacuum: 2 for incremental.
func (s *Store) AutoVacuum(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `PRAGMA auto_vacuum`).Scan(&n)
	return n, err
}

// UndoSince are the statements that take out of a store what the upgrades
// from version v on made: the donations' columns they added, from 12 on
// the rollups and donors table made anew (left empty, as the upgrade adds
// them up again), and the donor index, which holds columns they added,
// as version v had it; from 14 on the index of refunds and the rollup by
// campaign; from 15 on the index of converted amounts without the status,
// and the index of e-mails; from 16 on the search index without positions,
// made anew with them; from 17 on the donors' triggers, and their totals
// as 17 added them up, whole where a gift was refunded in part; from 18 on
// the rollup by donor and year; from 19 on the donors table keyed by
// e-mail, WITHOUT ROWID; from 21 on the triggers that keep the JSON held;
// from 23 on rollup_donor_last's triggers that read the year's start from
// meta; from 24 on the index of campaigns; from 26 on the dictionaries'
// codec, its records kept as sent (S2 was unknown before) and the
// triggers that read it, and the search index over the search column
// alone (which then lacks the e-mail and id a version 26 put there). With the other indexes those upgrades made, it
// is then a store of version v.
func UndoSince(v int) []string {
	var out []string
	if v <= 26 {
		out = slices.Concat(out, undoCodec(), undoSearch())
	}
	if v <= 24 {
		out = append(out, `DROP INDEX donations_campaign`)
	}
	if v <= 23 {
		out = append(out, donorLastDrops()...)
		out = append(out, donorLastTriggers(calendarYear)...)
	}
	if v <= 22 {
		out = append(out, `DROP TRIGGER records_json_ai`, `DROP TRIGGER records_json_ad`, `DROP TRIGGER records_json_au`)
	}
	if v <= 21 {
		out = append(append(out, donorLastDrops()...), `DROP TABLE rollup_donor_last`)
	}
	if v <= 20 {
		for _, ix := range donorsChanged(20, 21) {
			out = append(out, "DROP INDEX "+ix.name)
		}
		out = append(out, creates(donorsChanged(21, 20))...)
	}
	if v <= 19 {
		out = slices.Concat(out, []string{`DROP TRIGGER rollups_ai`, `DROP TRIGGER rollups_ad`, `DROP TRIGGER donors_au`, `DROP TABLE donors`},
			donorSchema(19), []string{`INSERT INTO donors SELECT ` + donorColumnsOf(donorRulesAt(19)) + ` FROM donations GROUP BY email_key`})
	}
	if v <= 18 {
		out = append(out, `DROP TRIGGER rollup_donor_year_ai`, `DROP TRIGGER rollup_donor_year_ad`, `DROP TRIGGER rollup_donor_year_au`,
			`DROP TABLE rollup_donor_year`)
	}
	if v <= 17 {
		out = slices.Concat(out, []string{`DROP TRIGGER rollups_ai`, `DROP TRIGGER rollups_ad`, `DROP TRIGGER donors_au`},
			donorTriggers(17), []string{`DELETE FROM donors`,
				`INSERT INTO donors SELECT ` + donorColumnsOf(donorRulesAt(17)) + ` FROM donations GROUP BY email_key`})
	}
	if v <= 16 {
		out = append(out, `DROP TABLE donations_fts`, searchIndex16, searchAutomerge, searchCrisismerge,
			`INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`)
	}
	if v <= 15 {
		out = append(out, `DROP INDEX donations_converted`, convertedIndex15, emailIndex15)
	}
	if v <= 14 {
		out = append(out, `DROP INDEX donations_refunded`, `DROP TRIGGER rollup_campaign_ai`, `DROP TRIGGER rollup_campaign_ad`,
			`DROP TRIGGER rollup_campaign_au`, `DROP TABLE rollup_campaign`)
	}
	if v <= 12 {
		out = slices.Concat(out, rollupDrops, remade(12))
	}
	if v <= 13 {
		out = append(out, `DROP INDEX IF EXISTS donations_donor`)
	}
	switch {
	case v >= 11 && v <= 13:
		out = append(out, donorIndex13)
	case v == 10:
		out = append(out, donorIndex10)
	}
	for ; v < schemaVersion; v++ {
		for _, c := range addedColumns[v] {
			name, _, _ := strings.Cut(c, " ")
			out = append(out, "ALTER TABLE donations DROP COLUMN "+name)
		}
	}
	return out
}

// SetPrefixCap sets how many instances of a short word the vocabulary is
// read for, until the test ends; stores opened after it see it.
func SetPrefixCap(t interface{ Cleanup(func()) }, n int) {
	old := prefixCap
	prefixCap = n
	t.Cleanup(func() { prefixCap = old })
}

// DonorSource is what the donor view reads for f: a page by e-mail of
// the donors table's columns of a rule, or a GROUP BY over the donations.
func (s *Store) DonorSource(ctx context.Context, f Filter) (string, error) {
	rule, ok, from, _, err := s.donorSource(ctx, f)
	if ok {
		return rulePage(rule, "email_key", false), err
	}
	return from, err
}

// SearchSegments is the size in pages of each segment of the search
// index, by its id (FTS5 keeps page numbers shifted left by one).
func (s *Store) SearchSegments(ctx context.Context) (map[int64]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT segid, max(pgno) >> 1 FROM donations_fts_idx GROUP BY segid`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, pages int64
		if err := rows.Scan(&id, &pages); err != nil {
			return nil, err
		}
		out[id] = pages
	}
	return out, rows.Err()
}

// SearchAsBuiltBefore makes the store's search index as versions before
// buildSearch built it: rebuilt, then optimized into one segment.
func (s *Store) SearchAsBuiltBefore(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`,
			`INSERT INTO donations_fts(donations_fts) VALUES ('optimize')`,
			`DELETE FROM meta WHERE key = '` + metaSearchBuilt + `'`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
}

// HeldJSON is the bytes of JSON the store holds, as the triggers keep it
// (added up first if it is not kept yet).
func (s *Store) HeldJSON(ctx context.Context) (n int64, err error) {
	err = s.write(ctx, func(tx *sql.Tx) error { n, err = heldJSON(ctx, tx); return err })
	return n, err
}
