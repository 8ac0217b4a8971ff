package store

import (
	"context"
	"sync"
)

// manyRows is how many matches make walking the sort's index and testing
// each row find a screenful sooner than fetching them all and sorting.
const manyRows = 1000

// matchCount remembers the last search Count counted in the full-text
// index, so that reading the window of that same search right after (the
// browser does both for each key) chooses its plan without counting again,
// and the last short words looked up in the index's vocabulary. Only plans
// read them: a count gone stale by a sync since changes which plan runs,
// never which rows come back.
type matchCount struct {
	mu       sync.Mutex
	match    string
	n        int
	prefixes map[string]prefixProbe
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

// rememberPrefix keeps a short word's probe: those of a few words typed
// one after the other, as a search is typed and erased.
func (m *matchCount) rememberPrefix(w string, p prefixProbe) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.prefixes == nil || len(m.prefixes) >= 64 {
		m.prefixes = map[string]prefixProbe{}
	}
	m.prefixes[w] = p
}

func (m *matchCount) recallPrefix(w string) (prefixProbe, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.prefixes[w]
	return p, ok
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

// manyMatches says whether q's search matches so many donations that
// walking the sort's index finds them sooner than sorting them all: every
// index lookup of its words finds many. Counting in the full-text index
// reads no record.
func (s *Store) manyMatches(ctx context.Context, q Query) (bool, error) {
	match := q.match()
	if q.fewByVocab || match == "" {
		return !q.fewByVocab && len(q.byVocab) > 0, nil
	}
	n, ok := s.matches.recall(match)
	if !ok {
		var err error
		if n, err = s.ftsCount(ctx, match); err != nil {
			return false, err
		}
	}
	return n > manyRows, nil
}
