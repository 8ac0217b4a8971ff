package store

import (
	"context"
	"strings"
	"time"
)

// GroupTable is the table Groups reads for f, by and loc.
func (s *Store) GroupTable(ctx context.Context, f Filter, by []string, loc *time.Location) (string, error) {
	src, err := s.groupSource(ctx, f, by, loc)
	return src.table, err
}

// DropColumnsSince are the statements that take out of a store the
// donations' columns the upgrades from version v on added: with the rest
// of what those upgrades made, it is then a store of version v.
func DropColumnsSince(v int) []string {
	var out []string
	for ; v < schemaVersion; v++ {
		for _, c := range addedColumns[v] {
			name, _, _ := strings.Cut(c, " ")
			out = append(out, "ALTER TABLE donations DROP COLUMN "+name)
		}
	}
	return out
}
