package store

import (
	"context"
	"donations/query"
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
func (s *Store) searchCount(ctx context.Context, f filter) (int, error) {
	match := f.match()
	if len(f.rechecked()) == 0 {
		return s.ftsCount(ctx, match)
	}
	// When the index finds one donation in twenty or more, each tested in
	// the search column is faster than each looked up from the index.
	n, all, err := s.planCount(ctx, match)
	if err != nil {
		return 0, err
	}
	f.unindexed = dense(n, all)
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

// planCount is how many donations the full-text index finds for match,
// as far as a plan needs it: remembered, else counted there up to one in
// twenty of all the donations (all), past which no plan changes: FTS5
// stops reading there (every donation holds "example": counted whole, it
// takes seconds at a million). all is 0 when n is too few for a plan to ask; a
// few are counted before all is, which reads the rollups.
func (s *Store) planCount(ctx context.Context, match string) (n, all int, err error) {
	n, ok := s.matches.recall(match)
	if !ok {
		if n, err = s.countUpTo(ctx, match, manyRows+1); err != nil {
			return 0, 0, err
		}
	}
	if n <= manyRows {
		return n, 0, nil // few: no plan asks how many in all
	}
	if all, err = s.Count(ctx, query.Query{}); err != nil || ok {
		return n, all, err
	}
	n, err = s.countUpTo(ctx, match, max(all/20, manyRows)+1)
	return n, all, err
}

// countUpTo counts the index's matches of match up to limit, and
// remembers the count for the plans.
func (s *Store) countUpTo(ctx context.Context, match string, limit int) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT rowid FROM donations_fts WHERE donations_fts MATCH ? LIMIT ?)",
		match, limit).Scan(&n)
	if err != nil {
		return 0, s.explain(err)
	}
	s.matches.remember(match, n)
	return n, nil
}

// dense says whether n matches of all the donations are so many, one in
// twenty or more, that the rows a walk of the sort's index or a count
// tests are found sooner by testing each for the words (LIKE) than by
// looking each up among the full-text index's matches, fetched whole
// first.
func dense(n, all int) bool { return n > manyRows && n*20 >= all }

// ftsCount counts the donations a full-text match of words of three
// characters selects.
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
// twenty or more: the lookup fetches every match first (tens of thousands
// for a common word in a large store), LIKE tests the few hundred rows
// walked.
// Counting in the full-text index reads no record.
func (s *Store) windowPlan(ctx context.Context, q filter) (walk, like bool, err error) {
	match := q.match()
	if q.fewByVocab || match == "" {
		return !q.fewByVocab && len(q.byVocab) > 0, false, nil
	}
	n, all, err := s.planCount(ctx, match)
	if err != nil || n <= manyRows {
		return false, false, err
	}
	return true, len(q.byVocab) == 0 && dense(n, all), nil
}
