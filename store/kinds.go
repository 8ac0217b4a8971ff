package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"donations/api"
)

// The other kinds' records (plans, campaigns, donors, events, tickets,
// purchases) are kept beside the donations: kind_records holds each as the
// server sent it, the truth; kind_rows what their filters and sorts read
// (kindrows.go), derived from it and rebuilt with the rest. A kind is
// small, so it is read whole and its set replaced at once: each kind's
// records change in one transaction, with its coverage in meta.

// kindSchema makes the kinds' tables.
var kindSchema = []string{
	`CREATE TABLE kind_records (kind TEXT NOT NULL, id INTEGER NOT NULL, raw BLOB NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID`,
	kindRowsTable,
	`CREATE INDEX kind_rows_email ON kind_rows(kind, email_key) WHERE email_key IS NOT NULL`,
}

// metaKindPrefix is the start of the meta key of a kind's coverage: its
// name follows ("kind:plans").
const metaKindPrefix = "kind:"

// KindRecord is a record of a kind as the store takes it: its id and its
// bytes as the server sent them.
type KindRecord struct {
	ID  int64
	Raw []byte
}

// KindHeld is what the store knows of a kind on the account's server.
type KindHeld struct {
	// Read is when the kind was last read whole; zero: never.
	Read time.Time
	// Records is how many of it the store holds (as of Read).
	Records int
	// None says the server answered 404 to the kind's endpoint (at Path,
	// when it was asked at Read): it has none of that kind.
	None bool
	Path string
}

// kindMeta is KindHeld as meta keeps it.
type kindMeta struct {
	Read    int64  `json:"read"`
	Records int    `json:"records"`
	None    bool   `json:"none,omitempty"`
	Path    string `json:"path,omitempty"`
}

// ReplaceKind makes recs the store's whole set of kind, read whole at
// read, in one transaction: killed halfway, the store keeps the set it
// had. A record whose bytes the kind's reader cannot read is refused
// before anything changes.
func (s *Store) ReplaceKind(ctx context.Context, kind string, recs []KindRecord, read time.Time) error {
	rows := make([][]any, len(recs))
	for i, r := range recs {
		var err error
		if rows[i], err = kindRow(kind, r.ID, r.Raw); err != nil {
			return fmt.Errorf("%s %d: %w", kind, r.ID, err)
		}
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := clearKind(ctx, tx, kind); err != nil {
			return err
		}
		for i, r := range recs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO kind_records (kind, id, raw) VALUES (?, ?, ?)
				ON CONFLICT DO UPDATE SET raw = excluded.raw`, kind, r.ID, r.Raw); err != nil {
				return err
			}
			if err := putKindRow(ctx, tx, rows[i]); err != nil {
				return err
			}
		}
		return setKindMeta(ctx, tx, kind, kindMeta{Read: read.UnixMilli(), Records: len(recs)})
	})
}

// NoKind records that the server answered 404 at path, the endpoint of
// kind, at read: it has none, so the store holds none.
func (s *Store) NoKind(ctx context.Context, kind, path string, read time.Time) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := clearKind(ctx, tx, kind); err != nil {
			return err
		}
		return setKindMeta(ctx, tx, kind, kindMeta{Read: read.UnixMilli(), None: true, Path: path})
	})
}

func clearKind(ctx context.Context, tx *sql.Tx, kind string) error {
	for _, stmt := range []string{`DELETE FROM kind_records WHERE kind = ?`, `DELETE FROM kind_rows WHERE kind = ?`} {
		if _, err := tx.ExecContext(ctx, stmt, kind); err != nil {
			return err
		}
	}
	return nil
}

func setKindMeta(ctx context.Context, tx *sql.Tx, kind string, m kindMeta) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return setMeta(ctx, tx, metaKindPrefix+kind, string(b))
}

// KindHeld is what the store knows of kind: the zero KindHeld when it was
// never read.
func (s *Store) KindHeld(ctx context.Context, kind string) (KindHeld, error) {
	v, err := s.meta(ctx, metaKindPrefix+kind)
	if err != nil || v == "" {
		return KindHeld{}, err
	}
	var m kindMeta
	if err := json.Unmarshal([]byte(v), &m); err != nil {
		return KindHeld{}, fmt.Errorf("%w (the coverage of %s is not readable: %v); run  donations cache clear  and sync again", ErrCorrupt, kind, err)
	}
	h := KindHeld{Records: m.Records, None: m.None, Path: m.Path}
	if m.Read > 0 {
		h.Read = time.UnixMilli(m.Read)
	}
	return h, nil
}

// KindRaws are the records of kind that f selects, as the server sent
// them, in f's order.
func (s *Store) KindRaws(ctx context.Context, kind string, f KindFilter) ([][]byte, error) {
	where, args, order, err := kindWhere(kind, f)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT r.raw FROM kind_rows k JOIN kind_records r ON r.kind = k.kind AND r.id = k.id
		WHERE `+where+` ORDER BY `+order, args...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return nil, s.explain(err)
		}
		out = append(out, raw)
	}
	return out, s.explain(rows.Err())
}

// restoreKinds makes every kind's rows again from its records, as a
// rebuild does the donations': a record that cannot be read is left out
// and counted, and the next read of its kind brings it again.
func restoreKinds(ctx context.Context, tx *sql.Tx) (unreadable int, err error) {
	rows, err := tx.QueryContext(ctx, `SELECT kind, id, raw FROM kind_records ORDER BY kind, id`)
	if err != nil {
		return 0, err
	}
	var made [][]any
	type key struct {
		kind string
		id   int64
	}
	var bad []key
	for rows.Next() {
		var k key
		var raw []byte
		if err := rows.Scan(&k.kind, &k.id, &raw); err != nil {
			rows.Close()
			return 0, err
		}
		row, err := kindRow(k.kind, k.id, raw)
		if err != nil {
			bad = append(bad, k)
			continue
		}
		made = append(made, row)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, err
	}
	for _, row := range made {
		if err := putKindRow(ctx, tx, row); err != nil {
			return 0, err
		}
	}
	for _, k := range bad {
		if _, err := tx.ExecContext(ctx, `DELETE FROM kind_records WHERE kind = ? AND id = ?`, k.kind, k.id); err != nil {
			return 0, err
		}
	}
	return len(bad), nil
}

// Records are the records of T's kind that f selects, in f's order, each
// decoded with its bytes as the server sent them (Raw).
func Records[T api.KindRecord](ctx context.Context, s *Store, f KindFilter) ([]T, error) {
	k := api.KindOf[T]()
	raws, err := s.KindRaws(ctx, k.Name, f)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(raws))
	for _, raw := range raws {
		rec, err := api.DecodeKindRecord[T](raw)
		if err != nil {
			return nil, fmt.Errorf("a stored record of %s is not readable (%w); run  donations cache clear  and sync again", k.Name, err)
		}
		out = append(out, rec)
	}
	return out, nil
}
