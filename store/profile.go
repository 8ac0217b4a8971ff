package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"

	"donations/api"
)

// metaProfile holds what a client learned of the account's server (its
// list's order, the page size it serves, the date form it takes), so the
// next one does not learn it again: as JSON, in words (api.Profile).
const metaProfile = "profile"

// Profile is what the store remembers of the account's server; the zero
// value when nothing is (a new store, or one of an earlier version).
func (s *Store) Profile(ctx context.Context) (api.Profile, error) {
	var p api.Profile
	v, err := s.meta(ctx, metaProfile)
	if err != nil || v == "" {
		return p, err
	}
	if json.Unmarshal([]byte(v), &p) != nil {
		return api.Profile{}, nil // a damaged record: learned again
	}
	return p, nil
}

// SaveProfile remembers p, in the meta table where it differs from what
// it holds, and in the file beside the store (see Learned). The page size
// goes where the store's estimates read it (Holds, PageSize) too, so a
// first sync cut short after it was learned counts the account with the
// size really served.
func (s *Store) SaveProfile(ctx context.Context, p api.Profile) error {
	known, err := s.Profile(ctx)
	if err != nil {
		return err
	}
	if known != p {
		if err := s.saveProfile(ctx, p); err != nil {
			return err
		}
	}
	if s.path != "" {
		keepLearned(s.path, p)
	}
	return nil
}

func (s *Store) saveProfile(ctx context.Context, p api.Profile) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if p.PerPage > 0 {
			if err := setMeta(ctx, tx, metaPerPage, strconv.Itoa(p.PerPage)); err != nil {
				return err
			}
		}
		return setMeta(ctx, tx, metaProfile, string(b))
	})
}
