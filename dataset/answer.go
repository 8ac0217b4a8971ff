package dataset

import (
	"context"
	"slices"

	"donations/api"
	"donations/ask"
	"donations/store"
)

// Parts are the parts of an answer asked for: each costs a reading of the
// store, and the browser asks them apart so that the first screen waits on
// none of the slower ones.
type Parts uint8

const (
	// PartCount is how many donations the question selects, quickly: a
	// search of very common words is counted at least (AtLeast).
	PartCount Parts = 1 << iota
	// PartExact is the count read whole, however long a search takes.
	PartExact
	// PartSums adds up what the question selects: a pass over all of it.
	PartSums
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
	Parts    Parts
	// AllStatuses has the sums count every status but refunded; else they
	// count the paid gifts, or the question's statuses (store.ReportQuery's
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
	// Count is how many donations the question selects (PartCount or
	// PartExact); AtLeast says it is a lower bound. Hidden is, when a
	// search finds none, how many the question finds without it.
	Count   int
	AtLeast bool
	Hidden  int
	// Rows are the window asked for, from Offset on.
	Offset int
	Rows   []Row
	Sums   *Sums // nil unless PartSums was asked
	Coverage
}

// Row is one donation of the window, with the request that brought it as
// the store kept it (nil: none kept).
type Row struct {
	api.Summary
	Kept *api.Exchange
}

// Answer answers r from the store, or the scratch walk, as SourceFor
// decides with what the store says of its syncs, and says which and how
// whole. It reads and never writes, so it may run off the caller's event
// loop beside a sync; cancelled through ctx it returns ctx.Err().
func Answer(ctx context.Context, r AnswerRequest) (Snapshot, error) {
	snap := Snapshot{Gen: r.Gen, Offset: r.Window.Offset}
	st, err := answering(ctx, r, &snap)
	if err == nil && st != nil {
		err = read(ctx, st, r, &snap)
	}
	if ctx.Err() != nil {
		return snap, ctx.Err()
	}
	return snap, err
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

// read reads the parts r asks of st into snap. The store applies the
// server's filters too when it answers for the whole account; a scratch
// walk's pages were filtered by the server.
func read(ctx context.Context, st *store.Store, r AnswerRequest, snap *Snapshot) error {
	f := r.Question.Store(snap.From == FromStore)
	q := store.Query{Filter: f, Sort: r.Question.Sort, Desc: r.Question.Desc}
	total := r.Window.Total
	if err := count(ctx, st, q, r.Parts, snap); err != nil {
		return err
	}
	if r.Parts&(PartCount|PartExact) != 0 && !snap.AtLeast {
		total = snap.Count
	}
	var err error
	if snap.Rows, err = window(ctx, st, q, r.Window, total); err != nil {
		return err
	}
	if r.Parts&PartSums != 0 {
		snap.Sums, err = sums(ctx, st, f, r.AllStatuses)
	}
	return err
}

// count reads the count parts asks for, and what a search hides when it
// finds nothing.
func count(ctx context.Context, st *store.Store, q store.Query, parts Parts, snap *Snapshot) error {
	var err error
	switch {
	case parts&PartExact != 0:
		snap.Count, err = st.Count(ctx, q)
	case parts&PartCount != 0:
		snap.Count, snap.AtLeast, err = st.QuickCount(ctx, q)
	default:
		return nil
	}
	if err == nil && snap.Count == 0 && q.Filter.Search != "" {
		q.Filter.Search = ""
		snap.Hidden, err = st.Count(ctx, q)
	}
	return err
}

// window reads w's rows and the requests that brought them. Past the
// middle of an exact total (0: not known) it reads the reversed order
// from the other end.
func window(ctx context.Context, st *store.Store, q store.Query, w Window, total int) ([]Row, error) {
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
