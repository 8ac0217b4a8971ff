package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"donations/api"
)

// fillColumns computes the columns the upgrade from version 10 added, the
// converted currency (nil now where no amount was converted) and the
// search, wider now, of every donation from its record: a store on disk
// keeps what it holds and answers the new filters at once, without a
// sync. The search index and the sums are not kept row by row meanwhile
// (the meta key deferred stops their triggers, as in a first sync) but
// built again once at the end: row by row, each donation's search text
// left the index and came back in it.
func (s *Store) fillColumns(ctx context.Context, tx *sql.Tx) error {
	was, err := metaIn(ctx, tx, metaDeferred)
	if err != nil {
		return err
	}
	if was == "" {
		if err := setMeta(ctx, tx, metaDeferred, "1"); err != nil {
			return err
		}
	}
	if err := s.refill(ctx, tx); err != nil {
		return err
	}
	if was != "" {
		return nil // the first sync under way builds them at its end
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO donations_fts(donations_fts) VALUES ('rebuild')`); err != nil {
		return err
	}
	return rebuildRollups(ctx, tx)
}

// refill sets the columns fillColumns fills, one donation at a time, from
// its record.
func (s *Store) refill(ctx context.Context, tx *sql.Tx) error {
	return s.fillFromRecords(ctx, tx, `UPDATE donations SET converted_currency = ?, search = ?,
		campaign_id = ?, campaign_name = ?, tribute_type = ?, refunded_e4 = ? WHERE id = ?`, "",
		func(d *api.Donation, amountE4 any) []any {
			return appendAdded([]any{convertedCurrency(d)}, d, searchText(d), amountE4)
		})
}

// fillFromRecords runs update (its last argument the id) for each donation
// where selects (a clause on d, the donations), with the values its record
// gives: how an upgrade fills the columns it added, without a sync. A nil
// from values leaves the donation as it is.
func (s *Store) fillFromRecords(ctx context.Context, tx *sql.Tx, update, where string, values func(d *api.Donation, amountE4 any) []any) error {
	set, err := tx.PrepareContext(ctx, update)
	if err != nil {
		return err
	}
	defer set.Close()
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.dict, r.raw, d.amount_e4 FROM records r JOIN donations d ON d.id = r.id`+where)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, dict int64
		var held []byte
		var e4 any
		if err := rows.Scan(&id, &dict, &held, &e4); err != nil {
			return err
		}
		raw, err := s.unpack(ctx, tx, id, dict, held, nil)
		if err != nil {
			return err
		}
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			return fmt.Errorf("record %d: %w", id, err)
		}
		if vals := values(&d, e4); vals != nil {
			if _, err := set.ExecContext(ctx, append(vals, id)...); err != nil {
				return err
			}
		}
	}
	return rows.Err()
}

// metaIn is the meta value of key in tx, "" when there is none.
func metaIn(ctx context.Context, tx *sql.Tx, key string) (string, error) {
	var v string
	err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}
