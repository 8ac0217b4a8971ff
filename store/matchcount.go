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

// forgetPrefixes drops the probes kept, so that the next ones are read
// afresh.
func (m *matchCount) forgetPrefixes() {
	m.mu.Lock()
	m.prefixes = nil
	m.mu.Unlock()
}

func (m *matchCount) recallPrefix(w string) (prefixProbe, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.prefixes[w]
	return p, ok
}

// searchCount is Count of a filter that is a search of words of three or
// more characters and nothing else (onlyMatch): counted in the full-text
// index when every word is of three, else among the donations it finds
// for them, each tested for the longer words.
func (s *Store) searchCount(ctx context.Context, f Filter) (int, error) {
	match := f.match()
	if len(f.rechecked()) == 0 {
		return s.ftsCount(ctx, match)
	}
	// When the index finds one donation in twenty or more, each tested in
	// the search column is faster than each looked up from the index
	// ("example", in every donation at a million: 1 s, and 3 s).
	n, err := s.matched(ctx, match)
	if err == nil {
		f.unindexed, err = s.dense(ctx, n)
	}
	if err != nil {
		return 0, err
	}
	where, args, err := f.where()
	if err != nil {
		return 0, err
	}
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations"+where, args...).Scan(&n); err != nil {
		return 0, s.explain(err)
	}
	s.matches.remember(match, n)
	return n, nil
}

// matched is how many donations the full-text index finds for match:
// remembered, else counted there.
func (s *Store) matched(ctx context.Context, match string) (int, error) {
	if n, ok := s.matches.recall(match); ok {
		return n, nil
	}
	return s.ftsCount(ctx, match)
}

// dense says whether n matches are one donation in twenty or more: the
// rows a walk of the sort's index or a count tests are then found sooner
// by testing each for the words (LIKE) than by looking each up in the
// full-text index's matches, which it fetches whole first.
func (s *Store) dense(ctx context.Context, n int) (bool, error) {
	if n <= manyRows {
		return false, nil
	}
	all, err := s.Count(ctx, Query{})
	return n*20 >= all, err
}

// ftsCount counts the donations a full-text match selects: those of the
// search, and for a word of four or more characters a few that hold its
// trigrams apart besides (enough for a plan).
func (s *Store) ftsCount(ctx context.Context, match string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations_fts WHERE donations_fts MATCH ?", match).Scan(&n)
	if err != nil {
		return 0, s.explain(err)
	}
	s.matches.remember(match, n)
	return n, nil
}

// windowPlan says how a window of q is best read: by walking the sort's
// index and testing each row (walk) when q's search matches so many
// donations that this finds a screenful sooner than sorting them all, the
// test being LIKE rather than the index lookup (like) when they are one in
// twenty or more: the lookup fetched every match first (the 71,758 of
// "mar" at a million: 40 ms), LIKE tests the few hundred rows walked.
// Counting in the full-text index reads no record.
func (s *Store) windowPlan(ctx context.Context, q Query) (walk, like bool, err error) {
	match := q.match()
	if q.fewByVocab || match == "" {
		return !q.fewByVocab && len(q.byVocab) > 0, false, nil
	}
	n, err := s.matched(ctx, match)
	if err != nil || n <= manyRows {
		return false, false, err
	}
	if len(q.byVocab) > 0 {
		return true, false, nil
	}
	like, err = s.dense(ctx, n)
	return true, like, err
}
