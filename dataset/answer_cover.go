package dataset

import (
	"context"

	"donations/api"
	"donations/query"
	"donations/store"
)

// Coverage is how whole an answer is: a number shown is over every
// donation the question names, or says in words that it is partial and
// what it covers. The words are the caller's; the numbers are these, one
// set of them for the header, the footer, the views and the commands.
type Coverage struct {
	// Whole says the answer is over every donation the question names:
	// the store has been synced, or holds the question's dates complete,
	// or the scratch walk has read its last page.
	Whole bool
	// Held is, when not Whole, what the store holds: Count of the
	// question's dates, All in all, About ≈ the server's (0: not known).
	// Of a running sync here, All and About are its own newer count. A
	// scratch walk's Count and All are the donations it has loaded.
	Held store.Held
	// Loading says a sync of the store runs, here or in another process:
	// more will come without the user asking.
	Loading bool
}

// Cover is how whole the store's answers over dates are now (the zero
// range: the whole account): what list, summary and report --offline say.
func (l Local) Cover(ctx context.Context, dates api.DateRange) (Coverage, error) {
	status, err := Status(ctx, l.st)
	if err != nil {
		return Coverage{}, err
	}
	return cover(ctx, l.st, status, dates)
}

// cover is Cover with the store's status already read.
func cover(ctx context.Context, s *store.Store, status SyncStatus, dates api.DateRange) (Coverage, error) {
	c := Coverage{Loading: status.Running}
	if !status.LastSync.IsZero() {
		c.Whole = true // a finished sync read every page
		return c, nil
	}
	var err error
	if c.Held, err = s.Holds(ctx, dates); err != nil {
		return c, err
	}
	c.Whole = c.Held.Complete
	if p := status.Progress; status.Here && p.About > 0 {
		c.Held.All, c.Held.About = p.Held, p.About
	}
	return c, nil
}

// coverage is how whole the scratch walk's answers are: whole once it has
// read its last page, else over what it has loaded (Live's rows too).
func (s *Scratch) coverage(ctx context.Context) (Coverage, error) {
	if s.done.Load() {
		return Coverage{Whole: true}, nil
	}
	n, err := s.st.Count(ctx, query.Query{})
	return Coverage{Held: store.Held{Count: n, All: n}}, err
}
