package dataset

import (
	"context"
	"slices"

	"donations/api"
	"donations/ask"
	"donations/query"
	"donations/store"
)

// Window is which rows an answer carries: Limit rows from Offset on, in
// the question's order (Limit 0: none). Total, when the caller knows the
// exact count and does not ask it again, lets a window past the middle be
// read from the other end, as SQLite skips an offset row by row.
type Window struct{ Offset, Limit, Total int }

// AnswerRequest is one question asked of the data, tagged with the
// caller's generation, which the Snapshot echoes so that a late answer to
// an older question can be told and dropped.
type AnswerRequest struct {
	Question ask.Question
	Window   Window
	// AllStatuses has the sums count every status but refunded; else they
	// count the paid gifts, or the question's statuses (report.Rule's
	// rule, which `donations report` and summary follow).
	AllStatuses bool
	Gen         int
	// Store is the account's store (nil: none); Scratch the walk of the
	// question into memory, for a question the store does not answer (nil:
	// not started: the answer is then empty and says so).
	Store   *store.Store
	Scratch *Scratch
}

// Snapshot is an answer: read-only, and whole or saying what it covers.
type Snapshot struct {
	Gen  int
	From From
	// Count is how many donations the question selects, counted quickly:
	// AtLeast says it is a lower bound (a search of very common words),
	// which Reading.Exact makes exact. Hidden is, when a search finds
	// none, how many the question finds without it.
	Count   int
	AtLeast bool
	Hidden  int
	// Rows are the window asked for, from Offset on.
	Offset int
	Rows   []Row
	Coverage
}

// Row is one donation of the window, with the request that brought it as
// the store kept it (nil: none kept).
type Row struct {
	api.Summary
	Kept *api.Exchange
}

// Reading is an answer begun: the source Answer decided for its question,
// once, and what the store applies there. The rest of the same answer (the
// exact count after a lower bound, other windows, the sums) is read from
// it, never deciding again; a store that changed under the question is a
// new Answer. Its reads only read, so they may run at once, off the
// caller's event loop.
type Reading struct {
	gen int
	st  *store.Store // nil: a scratch walk not started, which holds nothing
	q   query.Query
	all bool
}

// Gen is the generation of the request the reading answers.
func (rd *Reading) Gen() int { return rd.gen }

// Answer answers r from the store, or the scratch walk, as SourceFor
// decides with what the store says of its syncs, and says which and how
// whole: the count, read quickly, and the window. The Reading reads the
// rest of the answer from the same source. It reads and never writes, so
// it may run off the caller's event loop beside a sync; cancelled through
// ctx it returns ctx.Err().
func Answer(ctx context.Context, r AnswerRequest) (Snapshot, *Reading, error) {
	snap := Snapshot{Gen: r.Gen, Offset: r.Window.Offset}
	st, err := answering(ctx, r, &snap)
	rd := &Reading{gen: r.Gen, st: st, all: r.AllStatuses,
		q: query.Query{Filter: r.Question.Store(snap.From == FromStore), Sort: r.Question.Sort, Desc: r.Question.Desc}}
	if err == nil && st != nil {
		err = rd.first(ctx, r.Window, &snap)
	}
	if ctx.Err() != nil {
		return snap, rd, ctx.Err()
	}
	return snap, rd, err
}

// answering decides where r's answer comes from and how whole it is, and
// gives the store that answers (nil: a scratch walk not started).
func answering(ctx context.Context, r AnswerRequest, snap *Snapshot) (*store.Store, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var status SyncStatus
	if r.Store != nil {
		var err error
		if status, err = Status(ctx, r.Store); err != nil {
			return nil, err
		}
	}
	snap.From = SourceFor(r.Question, Holding{Store: r.Store != nil, Synced: !status.LastSync.IsZero()})
	var err error
	switch {
	case snap.From == FromStore:
		snap.Coverage, err = cover(ctx, r.Store, status, r.Question.Filter.Dates)
		return r.Store, err
	case r.Scratch == nil:
		return nil, nil
	}
	snap.Coverage, err = r.Scratch.coverage(ctx)
	return r.Scratch.Store(), err
}

// first reads the quick count, what a search hides when it finds nothing,
// and w's rows, from the other end past the middle of an exact count.
func (rd *Reading) first(ctx context.Context, w Window, snap *Snapshot) error {
	var err error
	if snap.Count, snap.AtLeast, err = rd.st.QuickCount(ctx, rd.q); err != nil {
		return err
	}
	if snap.Count == 0 && rd.q.Filter.Search != "" {
		q := rd.q
		q.Filter.Search = ""
		if snap.Hidden, err = rd.st.Count(ctx, q); err != nil {
			return err
		}
	}
	if !snap.AtLeast {
		w.Total = snap.Count
	}
	snap.Rows, err = rd.Window(ctx, w)
	return err
}

// Exact is the count read whole, however long a search takes.
func (rd *Reading) Exact(ctx context.Context) (int, error) {
	if rd.st == nil {
		return 0, ctx.Err()
	}
	return rd.st.Count(ctx, rd.q)
}

// Sums adds up what the question selects: a pass over all of it.
func (rd *Reading) Sums(ctx context.Context) (*Sums, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if rd.st == nil {
		return &Sums{Rule: rule(rd.q.Filter, rd.all)}, nil
	}
	return sums(ctx, rd.st, rd.q.Filter, rd.all)
}

// Window reads w's rows and the requests that brought them. Past the
// middle of an exact total (0: not known) it reads the reversed order
// from the other end.
func (rd *Reading) Window(ctx context.Context, w Window) ([]Row, error) {
	if rd.st == nil {
		return nil, ctx.Err()
	}
	st, q, total := rd.st, rd.q, w.Total
	n := w.Limit
	if total > 0 {
		n = min(n, total-w.Offset)
	}
	if n <= 0 {
		return nil, nil
	}
	offset := w.Offset
	reversed := total > 0 && w.Offset > total/2
	if reversed {
		q.Desc = !q.Desc
		offset = total - w.Offset - n
	}
	rows := make([]Row, 0, n)
	ids := make([]int64, 0, n)
	err := st.Donations(ctx, q, offset, n, func(d *api.Donation) error {
		rows, ids = append(rows, Row{Summary: d.Summary()}), append(ids, d.ID.Value)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if reversed {
		slices.Reverse(rows)
	}
	kept, err := st.Exchanges(ctx, ids)
	for i := range rows {
		rows[i].Kept = kept[rows[i].ID.Value]
	}
	return rows, err
}
