package store

import (
	"cmp"
	"context"
	"database/sql"
	"time"
)

// GroupTable is the table Groups reads for f, by and loc.
func (s *Store) GroupTable(ctx context.Context, f Filter, by []string, loc *time.Location) (string, error) {
	src, err := s.groupSource(ctx, f, by, loc)
	return src.table, err
}

// WithoutRollups runs read with the rollups and the donors table set aside,
// as a first sync sets them aside: what it reads comes from the donations.
func (s *Store) WithoutRollups(ctx context.Context, read func() error) error {
	if rolled, err := s.rolledUp(ctx); err != nil || !rolled {
		return cmp.Or(err, read())
	}
	if err := s.write(ctx, func(tx *sql.Tx) error { return setMeta(ctx, tx, metaDeferred, "1") }); err != nil {
		return err
	}
	err := read()
	_, derr := s.db.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred)
	if err != nil {
		return err
	}
	return derr
}
