package store

import (
	"context"
	"database/sql"

	"modernc.org/sqlite"
)

// Caches are the bytes of pages each open connection of the store keeps
// in its cache.
func (s *Store) Caches(ctx context.Context) ([]int, error) {
	var conns []*sql.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	var out []int
	for range s.db.Stats().OpenConnections {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		conns = append(conns, conn)
		err = conn.Raw(func(dc any) error {
			n, _, err := dc.(sqlite.DBStatus).Status(sqlite.DBStatusCacheUsed, false)
			out = append(out, n)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
