package store

import (
	"cmp"
	"context"
	"database/sql"
)

// WithoutRollups runs read with the rollups and the donors table set aside,
// as a first sync sets them aside: what it reads comes from the donations.
// The checks that the sums kept agree with the donations (the tests of
// store and dataset, through datasettest) compare the two.
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
