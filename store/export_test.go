package store

import (
	"context"
	"time"
)

// GroupTable is the table Groups reads for f, by and loc.
func (s *Store) GroupTable(ctx context.Context, f Filter, by []string, loc *time.Location) (string, error) {
	src, err := s.groupSource(ctx, f, by, loc)
	return src.table, err
}
