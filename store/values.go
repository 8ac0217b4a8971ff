package store

import (
	"context"
	"fmt"
	"slices"
)

// valueColumns are the columns Values lists, by the name a filter gives
// them, each with the column a filter on it compares.
var valueColumns = map[string]string{"status": "status_key", "form": "form_name", "currency": "currency",
	"campaign": "campaign_name", "campaign_id": "campaign_id", "tribute": "tribute_type"}

// maxValues bounds what Values lists: a did-you-mean needs the values a
// person picks from, and a crafted store may hold any number.
const maxValues = 1000

// Values are the distinct values the donations hold in a column ("status",
// "form", "currency", "campaign", "campaign_id", "tribute"): from the
// rollups when they hold every donation and the column, else from the
// donations.
func (s *Store) Values(ctx context.Context, column string) ([]string, error) {
	col, ok := valueColumns[column]
	if !ok {
		return nil, fmt.Errorf("store: no values for %q", column)
	}
	from := "donations"
	rolled, err := s.rolledUp(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rollups {
		if rolled && slices.Contains(r.keys, col) {
			from = r.table
			break
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT `+col+` FROM `+from+
		` WHERE `+col+` IS NOT NULL AND `+col+` != '' ORDER BY 1 LIMIT ?`, maxValues)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, s.explain(err)
		}
		out = append(out, v)
	}
	return out, s.explain(rows.Err())
}
