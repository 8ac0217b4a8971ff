package store

import (
	"context"
	"sync"
)

// matchCount remembers the last search Count counted in the full-text
// index, so that reading the window of that same search right after (the
// browser does both for each key) chooses its plan without counting again.
// Only the plan reads it: a count gone stale by a sync since changes which
// plan runs, never which rows come back.
type matchCount struct {
	mu    sync.Mutex
	match string
	n     int
}

func (m *matchCount) remember(match string, n int) {
	m.mu.Lock()
	m.match, m.n = match, n
	m.mu.Unlock()
}

func (m *matchCount) recall(match string) (int, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n, m.match == match && match != ""
}

// ftsCount counts the donations a full-text match selects.
func (s *Store) ftsCount(ctx context.Context, match string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations_fts WHERE donations_fts MATCH ?", match).Scan(&n)
	if err != nil {
		return 0, s.explain(err)
	}
	s.matches.remember(match, n)
	return n, nil
}
