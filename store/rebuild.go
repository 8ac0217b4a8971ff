package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"donations/api"
)

// A store keeps each donation's record as the server sent it (records,
// compressed with the dictionaries of records_dict), what it learned and
// recorded of its syncs (meta: coverage, when it last synced, the server's
// profile, the zone its days are in) and the requests that brought the
// records (exchanges, exchange_of): the truth, which no record gives back.
// Everything else (the donations' columns, their indexes, the search
// index, the rollups and the donors) is derived from the records, and a
// store whose schema is older than this program's is rebuilt from them,
// on this machine, with no request.

// truthTables are the tables a rebuild keeps.
var truthTables = []string{"records", "records_dict", "meta", "exchanges", "exchange_of", "kind_records"}

// oldestRebuilt is the oldest schema a rebuild reads: from it on, records
// are kept as this program reads them. An older store is made anew empty,
// for a sync to fill.
const oldestRebuilt = 8

// derivedMeta are the meta keys that say how the derived objects were
// built: a rebuild builds them anew.
var derivedMeta = []string{metaSearchBuilt, metaJSONBytes}

// Rebuild is how far the rebuild of a store from its records has come.
type Rebuild struct {
	Records    int  // the records the store holds
	Read       int  // those read so far
	Unreadable int  // those of them that could not be read, left out (a full sync fetches them again)
	Summing    bool // every record is read: the search index and the sums are being built
}

// rebuildEvery is how many records a rebuild reads between two reports of
// its progress.
const rebuildEvery = 2048

// migrate brings the store to schemaVersion: a new store is built, an
// older one rebuilt from its records (one older than oldestRebuilt made
// anew, empty), a newer one refused, and one that is not as a version of
// this program makes it refused before anything reads it (see
// checkSchema). The version is read again inside the write transaction,
// so two processes opening the same store rebuild it once. It says
// whether it rebuilt the store.
func (s *Store) migrate(ctx context.Context, o Opening) (bool, error) {
	var v int
	if err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return false, err
	}
	if err := s.checkSchema(ctx, v); err != nil || v == schemaVersion {
		return false, err
	}
	if s.readOnly() {
		if v >= oldestRebuilt && v < schemaVersion {
			return false, fmt.Errorf("local store %s is read-only (mode %04o) and needs rebuilding from its own records for this version (no request; it keeps what it holds): run  chmod u+w %s", s.path, s.mode, s.path)
		}
		return false, fmt.Errorf("local store %s is read-only (mode %04o) and needs rebuilding for this version: run  chmod u+w %s  and sync", s.path, s.mode, s.path)
	}
	if v == 0 {
		// Compressed records, a few hundred bytes each, pack as well into
		// small pages as into large ones, and every insert of a donation
		// copies each page it changes into a statement journal (its
		// triggers could abort it halfway): larger pages make that copy
		// larger. It only takes on a new file: a store rebuilt in place
		// keeps its pages. Incremental auto-vacuum lets a sync hand back
		// the pages it freed (see release); it too only takes before the
		// first table is made.
		if _, err := s.db.ExecContext(ctx, `PRAGMA page_size = 4096`); err != nil {
			return false, err
		}
		if _, err := s.db.ExecContext(ctx, `PRAGMA auto_vacuum = INCREMENTAL`); err != nil {
			return false, err
		}
	}
	rebuilt := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil || v == schemaVersion {
			return err
		}
		switch {
		case v > schemaVersion:
			return fmt.Errorf("%w (schema %d, this program knows %d): update donations, or run  donations cache clear", ErrNewer, v, schemaVersion)
		case v < oldestRebuilt:
			return build(ctx, tx)
		case o.Unfinished:
			return ErrRebuildLeft
		}
		rebuilt = true
		return s.rebuild(ctx, tx, o.Rebuilding)
	})
	return rebuilt && err == nil, err
}

// rebuild makes the store in tx, of an older schema, anew from its
// records: every object but the truth tables is dropped, the schema made,
// and each record stored again as a sync stores it, the search index and
// the sums deferred as in a first sync (see Begin). Their build is the
// end of that sync's, which open runs next (buildCutShort); a store whose
// first sync has not ended leaves it to that sync, as it would without
// the rebuild. All in one transaction: a rebuild killed halfway leaves the store as it was.
func (s *Store) rebuild(ctx context.Context, tx *sql.Tx, told func(Rebuild)) error {
	if err := dropDerived(ctx, tx); err != nil {
		return fmt.Errorf("rebuilding the local store: %w", err)
	}
	if err := makeDerived(ctx, tx); err != nil {
		return fmt.Errorf("rebuilding the local store: %w", err)
	}
	if err := setMeta(ctx, tx, metaDeferred, "1"); err != nil {
		return err
	}
	if err := dropUpkeep(ctx, tx); err != nil {
		return err
	}
	if err := s.restore(ctx, tx, told); err != nil {
		return err
	}
	return setVersion(ctx, tx)
}

// dropDerived drops every object of the store in tx but the truth tables:
// triggers and views first, so nothing of the old schema runs while the
// rest goes, then the search index (it drops its own tables), the other
// tables and the indexes of the truth tables. What said how they were
// built goes with them.
func dropDerived(ctx context.Context, tx *sql.Tx) error {
	have, err := schemaOf(ctx, tx)
	if err != nil {
		return err
	}
	var drops [4][]string
	for _, name := range sortedNames(have) {
		o := have[name]
		stmt := `DROP ` + strings.ToUpper(o.typ) + ` IF EXISTS "` + name + `"`
		switch {
		case o.typ == "trigger" || o.typ == "view":
			drops[0] = append(drops[0], stmt)
		case o.typ == "table" && strings.HasPrefix(o.sql, "CREATE VIRTUAL TABLE"):
			drops[1] = append(drops[1], stmt)
		case o.typ == "table" && !slices.Contains(truthTables, name):
			drops[2] = append(drops[2], stmt)
		case o.typ == "index":
			drops[3] = append(drops[3], stmt)
		}
	}
	for _, stmt := range slices.Concat(drops[:]...) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	for _, key := range derivedMeta {
		if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, key); err != nil {
			return err
		}
	}
	return nil
}

// makeDerived makes the schema around the truth tables dropDerived kept,
// adding to them what this program keeps that the store's version did not
// (a dictionary's codec, the requests), and checks that the store is then
// as this program makes it.
func makeDerived(ctx context.Context, tx *sql.Tx) error {
	have, err := schemaOf(ctx, tx)
	if err != nil {
		return err
	}
	if d, ok := have["records_dict"]; ok && !strings.Contains(d.sql, " codec ") {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE records_dict ADD COLUMN `+dictCodec); err != nil {
			return err
		}
	}
	for _, stmt := range schema() {
		if slices.ContainsFunc(truthTables, func(t string) bool {
			_, kept := have[t]
			return kept && strings.HasPrefix(stmt, "CREATE TABLE "+t+" (")
		}) {
			continue
		}
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	if have, err = schemaOf(ctx, tx); err != nil {
		return err
	}
	problem, err := differs(have, false)
	if problem != "" {
		return fmt.Errorf("%w (%s); run  donations cache clear  and sync again", ErrCorrupt, problem)
	}
	return err
}

// restore stores every record's donation again, its row made as a sync
// makes it (rowMaker), in the zone the store's days are in. A record that
// cannot be read is counted and removed, with what maps it to its
// request, so that the next full sync stores it afresh; the others are
// kept.
func (s *Store) restore(ctx context.Context, tx *sql.Tx, told func(Rebuild)) error {
	var p Rebuild
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM records`).Scan(&p.Records); err != nil {
		return err
	}
	tell := func() {
		if told != nil {
			told(p)
		}
	}
	tell()
	zone, err := metaIn(ctx, tx, metaZone)
	if err != nil {
		return err
	}
	rows := rowMaker{zone: loadZone(zone)}
	st := s.prepare(tx, nil, true)
	var vals []any
	var unreadable []int64
	err = s.eachRecord(ctx, tx, func(id int64, raw []byte, err error) error {
		p.Read++
		var d api.Donation
		if err == nil {
			err = d.UnmarshalJSON(raw)
		}
		if err != nil || !d.ID.Valid || d.ID.Value != id {
			p.Unreadable++
			unreadable = append(unreadable, id)
		} else {
			vals = rows.appendRow(vals, &d)
		}
		if p.Read%rebuildEvery == 0 {
			tell()
		}
		if len(vals) < rebuildEvery*columns {
			return nil
		}
		err = st.upsert(ctx, vals)
		vals = vals[:0]
		return err
	})
	if err == nil {
		err = st.upsert(ctx, vals)
	}
	for _, id := range unreadable {
		if err == nil {
			_, err = tx.ExecContext(ctx, `DELETE FROM records WHERE id = ?`, id)
		}
		if err == nil {
			_, err = tx.ExecContext(ctx, `DELETE FROM exchange_of WHERE id = ?`, id)
		}
	}
	if err == nil {
		var n int
		n, err = restoreKinds(ctx, tx)
		p.Unreadable += n
	}
	if err == nil {
		tell()
	}
	return err
}

// eachRecord calls f with each record as the server sent it, in the order
// of their ids, or with why it could not be restored.
func (s *Store) eachRecord(ctx context.Context, tx *sql.Tx, f func(id int64, raw []byte, err error) error) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, dict, raw FROM records ORDER BY id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, dict int64
		var held []byte
		if err := rows.Scan(&id, &dict, &held); err != nil {
			return err
		}
		raw, err := s.unpack(ctx, tx, id, dict, held, nil)
		if errors.Is(err, ErrCorrupt) {
			err = f(id, nil, err)
		} else if err == nil {
			err = f(id, raw, nil)
		}
		if err != nil {
			return err
		}
	}
	return rows.Err()
}
