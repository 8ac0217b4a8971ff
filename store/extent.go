package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"time"
)

// End is Span.To for a span that reaches the end of the list.
const End = math.MaxInt64

// metaExtent holds the store's Extent, as JSON, written in the same
// transaction as the pages it speaks of: a kill leaves it exact.
const metaExtent = "coverage"

// Span is a part of the account's list that the store holds complete:
// every donation the server listed with an id from From to To, both
// included. The list ascends by id, so a span is a run of whole pages read
// in one walk, or runs whose ids overlapped when read (which proves nothing
// lay between them); pages merely next to each other are not joined.
type Span struct {
	From int64     // 0: from the list's first donation
	To   int64     // End: to its last, as of AsOf
	Page int       // the page From was on when read, 0 if not known: where a walk back resumes
	AsOf time.Time // when the walk that read the span's end began
	// A span read as a date range asked for (a sync reading the browser's
	// question first) knows where the range's ends lie although it holds
	// no donation beyond them: Since, when set, says From is the list's
	// first donation dated at or after it; Until, that To is its last
	// dated before it.
	Since, Until time.Time
}

// Extent is what the store holds complete, and what it knows of the rest.
type Extent struct {
	Spans   []Span // in id order, apart
	Pages   int    // the list's last page, when last seen; 0 if never
	PerPage int    // the server's page size, as learned
}

// Whole says whether the store holds the whole list, as of when.
func (c Extent) Whole() (bool, time.Time) {
	if len(c.Spans) == 1 && c.Spans[0].From == 0 && c.Spans[0].To == End {
		return true, c.Spans[0].AsOf
	}
	return false, time.Time{}
}

type spanJSON struct {
	From int64 `json:"from"`
	To   int64 `json:"to"`
	Page int   `json:"page"`
	AsOf int64 `json:"as_of"` // Unix ms
	// Since and Until in Unix ms, 0 when not set.
	Since int64 `json:"since,omitempty"`
	Until int64 `json:"until,omitempty"`
}

type extentJSON struct {
	Spans []spanJSON `json:"spans"`
	Pages int        `json:"pages"`
}

// Extent reads what the store holds complete. A store a sync of an
// earlier version filled has no record of it: it held whole pages from the
// first, so everything up to its newest donation, or the whole list as of
// its last finished sync.
func (s *Store) Extent(ctx context.Context) (Extent, error) {
	c, err := readExtent(ctx, s.db)
	if err != nil {
		return c, s.explain(err)
	}
	per, err := s.meta(ctx, metaPerPage)
	c.PerPage, _ = strconv.Atoi(per)
	return c, err
}

// querier is what reads the store: the pool, or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func readExtent(ctx context.Context, db querier) (Extent, error) {
	var c Extent
	get := func(key string) (string, error) {
		var v string
		err := db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return "", nil
		}
		return v, err
	}
	v, err := get(metaExtent)
	if err != nil {
		return c, err
	}
	if v != "" {
		var cj extentJSON
		if err := json.Unmarshal([]byte(v), &cj); err != nil {
			return c, nil // a damaged record: nothing is known held, the next sync reads it again
		}
		c.Pages = cj.Pages
		for _, sp := range cj.Spans {
			c.Spans = append(c.Spans, Span{From: sp.From, To: sp.To, Page: sp.Page, AsOf: time.UnixMilli(sp.AsOf),
				Since: fromMillis(sp.Since), Until: fromMillis(sp.Until)})
		}
		return c, nil
	}
	return legacyExtent(ctx, db, get)
}

func legacyExtent(ctx context.Context, db querier, get func(string) (string, error)) (Extent, error) {
	var c Extent
	last, err := get(metaLastSync)
	if err != nil {
		return c, err
	}
	if ms, _ := strconv.ParseInt(last, 10, 64); ms > 0 {
		c.Spans = []Span{{From: 0, To: End, Page: 1, AsOf: time.UnixMilli(ms)}}
		return c, nil
	}
	// An earlier version's first sync, cut short: it left the upkeep
	// deferred, and whole pages from the first.
	deferred, err := get(metaDeferred)
	if err != nil || deferred == "" {
		return c, err
	}
	var maxID sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(id) FROM donations`).Scan(&maxID); err != nil || !maxID.Valid {
		return c, err
	}
	c.Spans = []Span{{From: 0, To: maxID.Int64, Page: 1}}
	return c, nil
}

// cover records in tx that the store now holds span w complete, joining
// it with the spans it overlaps; last is the list's last page when w
// reaches the end.
func cover(ctx context.Context, tx *sql.Tx, w Span, last int) error {
	c, err := readExtent(ctx, tx)
	if err != nil {
		return err
	}
	c.Spans = Merge(c.Spans, w)
	if w.To == End && last > 0 {
		c.Pages = last
	}
	return writeExtent(ctx, tx, c)
}

func writeExtent(ctx context.Context, tx *sql.Tx, c Extent) error {
	cj := extentJSON{Pages: c.Pages}
	for _, sp := range c.Spans {
		cj.Spans = append(cj.Spans, spanJSON{From: sp.From, To: sp.To, Page: sp.Page, AsOf: sp.AsOf.UnixMilli(),
			Since: toMillis(sp.Since), Until: toMillis(sp.Until)})
	}
	b, err := json.Marshal(cj)
	if err != nil {
		return err
	}
	return setMeta(ctx, tx, metaExtent, string(b))
}

func toMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// Merge adds w to spans, joined with those whose ids overlap it. What a
// span knows of its ends goes with them; of two spans that end alike, the
// one whose range reaches further says more.
func Merge(spans []Span, w Span) []Span {
	out := make([]Span, 0, len(spans)+1)
	for _, sp := range spans {
		if sp.To < w.From || w.To < sp.From {
			out = append(out, sp)
			continue
		}
		switch {
		case sp.From < w.From:
			w.From, w.Page, w.Since = sp.From, sp.Page, sp.Since
		case sp.From == w.From:
			w.Page, w.Since = cmp.Or(w.Page, sp.Page), earlierSet(w.Since, sp.Since)
		}
		switch {
		case sp.To > w.To:
			w.To, w.AsOf, w.Until = sp.To, sp.AsOf, sp.Until // the end, and when it was read, are sp's
		case sp.To == w.To:
			w.Until = later(w.Until, sp.Until)
		}
	}
	out = append(out, w)
	slices.SortFunc(out, func(a, b Span) int { return cmp.Compare(a.From, b.From) })
	return out
}

// later is the later of two times; a zero one is not set.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// earlierSet is the earlier of two times that are set.
func earlierSet(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}
