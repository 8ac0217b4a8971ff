package dataset

import (
	"context"
	"errors"

	"donations/api"
	"donations/ask"
	"donations/query"
	"donations/report"
	"donations/store"
)

// Ask is the handle to q, asked of the store held, or of sc, the walk of
// q into memory (nil: none started), as SourceFor decides; synced says a
// sync of the store has finished, as the caller last heard; allStatuses
// has the totals count every status but refunded (AnswerRequest's).
func (l Local) Ask(q ask.Question, allStatuses, synced bool, sc *Scratch) Asked {
	return Asked{q: q, allStatuses: allStatuses, synced: synced, st: l.st, sc: sc}
}

// Asked is a question in force and what may answer it: the one handle the
// browser's list and views read through. Each read chooses its source as
// Answer does, with what the store says of its syncs at the time, and
// says how whole it is (Coverage), so "partial" is decided in one place.
type Asked struct {
	q                   ask.Question
	allStatuses, synced bool
	st                  *store.Store
	sc                  *Scratch
}

// Source is where the answer comes from, as the caller last heard of the
// store's syncs.
func (a Asked) Source() From {
	return SourceFor(a.q, Holding{Store: a.st != nil, Synced: a.synced})
}

// Ready says whether something answers the question yet: the store, or a
// walk of it started.
func (a Asked) Ready() bool {
	if a.Source() == FromStore {
		return a.st != nil
	}
	return a.sc != nil
}

// Filter is what the store applies of the question: the server's filters
// too when the account's store answers, which the server did not apply.
func (a Asked) Filter() query.Filter { return a.q.Store(a.Source() == FromStore) }

// Rule is which gifts the totals count: the paid ones, the question's
// statuses, or every status but refunded (the rule of package report,
// which `donations report` and summary follow).
func (a Asked) Rule() report.Rule {
	return rule(a.Filter(), a.allStatuses)
}

// Request is the question asked, tagged with gen, that Answer answers:
// the list's reads.
func (a Asked) Request(gen int) AnswerRequest {
	return AnswerRequest{Question: a.q, AllStatuses: a.allStatuses, Gen: gen, Store: a.st, Scratch: a.sc}
}

// ErrNotLoaded is a read asked before anything answers the question: no
// store, and the walk of it not started.
var ErrNotLoaded = errors.New("nothing is loaded yet")

// source is where a read of the question comes from now.
type source struct {
	st  *store.Store // the store that answers (nil: a walk not started)
	own bool         // the account's store answers, not a walk's
	f   query.Filter // what the store applies of the question there
	Coverage
}

// reading is where a read of the question comes from now, as Answer
// decides it.
func (a Asked) reading(ctx context.Context) (source, error) {
	var snap Snapshot
	st, err := answering(ctx, a.Request(0), &snap)
	own := snap.From == FromStore
	return source{st: st, own: own, f: a.q.Store(own), Coverage: snap.Coverage}, err
}

// loaded is reading for a read that needs a store: ErrNotLoaded when
// nothing answers the question yet.
func (a Asked) loaded(ctx context.Context) (source, error) {
	src, err := a.reading(ctx)
	if err == nil && src.st == nil {
		err = ErrNotLoaded
	}
	return src, err
}

// Donations calls each with every donation the question selects, in its
// order, from the store that answers (the export's rows), and says how
// whole they were.
func (a Asked) Donations(ctx context.Context, each func(*api.Donation) error) (Coverage, error) {
	src, err := a.reading(ctx)
	if err != nil || src.st == nil {
		return src.Coverage, err
	}
	return src.Coverage, src.st.Donations(ctx, query.Query{Filter: src.f, Sort: a.q.Sort, Desc: a.q.Desc}, 0, -1, each)
}
