package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"donations/query"
	"slices"
	"strings"
	"unicode/utf8"

	"modernc.org/sqlite"
)

// A word of one or two letters is too short for the trigram index's MATCH,
// and a LIKE over the search column reads every donation (a second at a
// million). But every place the word appears starts a trigram, unless it
// is in the column's last two characters: so the index's vocabulary,
// read as the range of trigrams the word begins, finds the donations that
// hold it, in milliseconds. The column ends with the id (a space, then
// digits, after a '-' for a negative one), so only words made of digits
// and '-' can sit in those last two characters: those are left to LIKE.
//
// The vocabulary lists every trigram once for each donation that holds it
// (the index keeps no positions): a letter such as "m" is in millions of
// them. A word is looked up there only when it has
// fewer than prefixCap instances (a read of a few milliseconds); a word
// with more is in so many donations that walking the sort's index and
// testing each row finds a screenful at once, and only its count is slow:
// QuickCount then says how many at least.

// prefixCap is the most instances of a word read from the vocabulary (a
// variable for the tests, which lower it to reach it on small stores).
var prefixCap = 20_000

// vocabTable is the search index's vocabulary, one row per trigram and
// donation that holds it (term, doc: the donation's id; col and offset
// are null, the index keeping no positions). A temporary table,
// made on each connection (vocabConnector): it holds nothing, and is no
// part of the schema.
const vocabTable = "temp.donations_vocab"

// makeVocab makes the vocabulary on a connection that lacks it: one
// opened, and one whose temp_store was set, which drops its temporary
// tables (see spilling).
const makeVocab = "CREATE VIRTUAL TABLE IF NOT EXISTS " + vocabTable + " USING fts5vocab(main, donations_fts, instance)"

// inVocab selects the donations that hold a word the vocabulary answers.
const inVocab = "id IN (SELECT doc FROM " + vocabTable + " WHERE term >= ? AND term <= ?)"

// openDB opens the database at dsn with the vocabulary on every connection.
func openDB(dsn string) (*sql.DB, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(vocabConnector{c}), nil
}

// vocabConnector makes the vocabulary on each connection it opens. The
// table is resolved when read, so it is made before the search index is.
type vocabConnector struct{ driver.Connector }

func (c vocabConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	ex, ok := conn.(driver.ExecerContext)
	if !ok {
		return conn, nil // a driver without it would fail every query; none does
	}
	if _, err := ex.ExecContext(ctx, makeVocab, nil); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

// prefixRange is the range of trigrams that begin with w: none is longer
// than three characters, so w followed by the largest character up to
// three is the last of them.
func prefixRange(w string) (lo, hi string) {
	return w, w + strings.Repeat(string(utf8.MaxRune), 3-utf8.RuneCountInString(w))
}

// atTheEnd says whether w may be among a search column's last two
// characters, which start no trigram: a word of digits and '-' only.
func atTheEnd(w string) bool {
	return strings.Trim(w, "0123456789-") == ""
}

// prefixProbe is what the vocabulary holds of a word, read up to
// prefixCap instances: how many distinct donations, and whether that was
// every instance.
type prefixProbe struct {
	docs  int
	whole bool
}

// probePrefix reads the vocabulary for w, and remembers it for planPrefixes.
func (s *Store) probePrefix(ctx context.Context, w string) (prefixProbe, error) {
	lo, hi := prefixRange(w)
	var p prefixProbe
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT count(DISTINCT doc), count(*) FROM (SELECT doc FROM "+vocabTable+
		" WHERE term >= ? AND term <= ? LIMIT ?)", lo, hi, prefixCap).Scan(&p.docs, &n)
	if err != nil {
		return p, s.explain(err)
	}
	p.whole = n < prefixCap
	s.matches.rememberPrefix(w, p)
	return p, nil
}

// planPrefixes chooses, for each short word of f's search, the vocabulary
// or LIKE: the vocabulary for the words it answers whole, LIKE for the
// others. Both select the same donations; only the time differs, so a
// probe remembered from before a sync may choose, never change the rows.
func (s *Store) planPrefixes(ctx context.Context, f *filter) error {
	f.byVocab, f.fewByVocab = nil, false
	for _, w := range f.shortWords() {
		if atTheEnd(w) || slices.Contains(f.byVocab, w) {
			continue
		}
		p, ok := s.matches.recallPrefix(w)
		if !ok {
			var err error
			if p, err = s.probePrefix(ctx, w); err != nil {
				return err
			}
		}
		if p.whole {
			f.byVocab = append(f.byVocab, w)
			f.fewByVocab = f.fewByVocab || p.docs <= manyRows
		}
	}
	return nil
}

// onlyPrefix is the word of a filter that is a search of one short word
// and nothing else: the vocabulary alone then knows how many hold it.
func (f filter) onlyPrefix() (string, bool) {
	g := f
	g.Search = ""
	words := slices.Compact(f.shortWords())
	if len(words) != 1 || f.match() != "" || !g.isZero() {
		return "", false
	}
	return words[0], true
}

// prefixCount is Count of a filter that is a word the vocabulary answers
// whole and nothing else (ok), read there afresh: no donation is read.
func (s *Store) prefixCount(ctx context.Context, f filter) (n int, ok bool, err error) {
	w, only := f.onlyPrefix()
	if !only || !slices.Contains(f.byVocab, w) {
		return 0, false, nil
	}
	p, err := s.probePrefix(ctx, w)
	return p.docs, p.whole, err
}

// QuickCount is Count, unless the search's short words are all in so many
// donations that counting them would read every one: it then says how many
// at least (atLeast), from the donations that hold the first of them among
// its first instances in the vocabulary; likewise when its longer words
// are in so many that testing each for them would take long (see
// matchBound). Count gives the exact number.
func (s *Store) QuickCount(ctx context.Context, q query.Query) (n int, atLeast bool, err error) {
	// The probes that plan it are read afresh, and the lower bound is theirs:
	// one probe a word, the cost of this count.
	s.matches.forgetPrefixes()
	f := filter{Filter: q.Filter}
	if err := s.searchable(ctx, &f); err != nil {
		return 0, false, err
	}
	var dense []string
	for _, w := range f.shortWords() {
		if !slices.Contains(f.byVocab, w) {
			dense = append(dense, w)
		}
	}
	if !f.unindexed && len(dense) > 0 && len(f.byVocab) == 0 && f.match() == "" {
		// No index lookup narrows the search: an exact count reads every donation.
		if n, err = s.lowerBound(ctx, f, dense[0]); err != nil || n > 0 {
			return n, true, err
		}
	}
	if !f.unindexed && len(f.rechecked()) > 0 {
		if n, err = s.matchBound(ctx, f); err != nil || n > 0 {
			return n, true, err
		}
	}
	n, err = s.Count(ctx, q)
	return n, false, err
}

// lowerBound is how many donations f selects at least, counted among
// those that hold w in its first instances; 0 when none of those. When the
// rest of the filter must be tested on each, it looks up the donations of
// a tenth of prefixCap instances: they are read at random, a few
// milliseconds a thousand.
func (s *Store) lowerBound(ctx context.Context, f filter, w string) (int, error) {
	if only, ok := f.onlyPrefix(); ok && only == w {
		p, ok := s.matches.recallPrefix(w) // read by QuickCount's plan
		if !ok {
			var err error
			if p, err = s.probePrefix(ctx, w); err != nil {
				return 0, err
			}
		}
		return p.docs, nil
	}
	lo, hi := prefixRange(w)
	return s.countAmong(ctx, f, "SELECT doc FROM "+vocabTable+" WHERE term >= ? AND term <= ? LIMIT ?", lo, hi, prefixCap/10)
}

// matchBound is how many donations f selects at least, counted among the
// first tenth of prefixCap the full-text index finds for its words; 0
// when it finds no more than those (or the plan's count stops short of
// them on a small store), which Count then tests in milliseconds. Without
// positions the index finds the donations that hold each trigram of a
// longer word, each then tested for the word, which for a common name in a
// large store is tens of thousands of tests.
func (s *Store) matchBound(ctx context.Context, f filter) (int, error) {
	match := f.match()
	n, _, err := s.planCount(ctx, match)
	if err != nil || n <= prefixCap/10 {
		return 0, err
	}
	f.unindexed = true // those few tested for every word, not matched again whole
	return s.countAmong(ctx, f, "SELECT rowid FROM donations_fts WHERE donations_fts MATCH ? LIMIT ?", match, prefixCap/10)
}

// countAmong counts the donations f selects among those the query among
// picks by id.
func (s *Store) countAmong(ctx context.Context, f filter, among string, amongArgs ...any) (int, error) {
	where, args, err := f.where()
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations WHERE id IN ("+among+") AND "+strings.TrimPrefix(where, " WHERE "),
		append(amongArgs, args...)...).Scan(&n)
	return n, s.explain(err)
}
