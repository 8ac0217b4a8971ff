package dataset

import (
	"cmp"
	"slices"

	"donations/api"
)

// copies decides which copy of a donation a walk stores when the list
// holds it more than once (a page boundary moved under the walk, or the
// server repeats rows): the one updated last by its last_updated_at, and
// where that does not tell, the one later in the list. The pager drops a
// repeated id from what it yields, so the later copies are taken from the
// page as fetched.
//
// It remembers every donation it kept, so it holds them in 24 bytes each:
// the last few in a list of their own, the rest in runs sorted by id, each
// at least twice as long as the next (so a lookup searches a few of them).
// A map of them all took 59 MB at a million, a fifth of a first sync's
// peak memory.
type copies struct {
	recent   []copyOf      // at most recentMax, in the order kept
	recentAt map[int64]int // where in recent
	runs     [][]copyOf
}

type copyOf struct {
	id   int64
	rank copyRank
}

type copyRank struct {
	updated int64 // last_updated_at in ms; 0 when it does not read as a time
	pos     int64 // place in the list: page and row
}

// recentMax is how many kept donations wait in the map before they are
// sorted into a run: a page's worth or so at a time.
const recentMax = 1024

func (r copyRank) after(o copyRank) bool {
	if r.updated != 0 && o.updated != 0 && r.updated != o.updated {
		return r.updated > o.updated
	}
	return r.pos > o.pos
}

// keep is what of b a walk stores: its new donations, and the copies of
// donations it stored before that win over them.
func (c *copies) keep(b api.Batch) []api.Donation {
	if b.Page == nil {
		return b.Donations
	}
	fresh := make(map[int64]bool, len(b.Donations))
	for i := range b.Donations {
		fresh[b.Donations[i].ID.Value] = true
	}
	out := make([]api.Donation, 0, len(b.Donations))
	for i := range b.Page.Donations {
		d := &b.Page.Donations[i]
		if !d.ID.Valid {
			continue // not storable: put skips it too
		}
		r := copyRank{pos: int64(b.Page.Number)*api.MaxRecords + int64(i)}
		if t, ok := api.Time(d.LastUpdatedAt); ok {
			r.updated = t.UnixMilli()
		}
		prev, had := c.rank(d.ID.Value)
		if had && !r.after(*prev) || !had && !fresh[d.ID.Value] {
			continue
		}
		if had {
			*prev = r
		} else {
			c.add(d.ID.Value, r)
		}
		out = append(out, *d)
	}
	return out
}

// rank is where the rank of the kept copy of id is held, if one was kept.
func (c *copies) rank(id int64) (*copyRank, bool) {
	if at, ok := c.recentAt[id]; ok {
		return &c.recent[at].rank, true
	}
	for _, run := range c.runs {
		if at, ok := slices.BinarySearchFunc(run, id, byID); ok {
			return &run[at].rank, true
		}
	}
	return nil, false
}

// add keeps the rank of id, kept for the first time.
func (c *copies) add(id int64, r copyRank) {
	if c.recentAt == nil {
		c.recent, c.recentAt = make([]copyOf, 0, recentMax), make(map[int64]int, recentMax)
	}
	c.recentAt[id] = len(c.recent)
	c.recent = append(c.recent, copyOf{id, r})
	if len(c.recent) < recentMax {
		return
	}
	run := slices.SortedFunc(slices.Values(c.recent), func(a, b copyOf) int { return cmp.Compare(a.id, b.id) })
	c.recent = c.recent[:0]
	clear(c.recentAt)
	for n := len(c.runs); n > 0 && len(c.runs[n-1]) <= 2*len(run); n = len(c.runs) {
		run = merged(c.runs[n-1], run)
		c.runs = c.runs[:n-1]
	}
	c.runs = append(c.runs, run)
}

func byID(e copyOf, id int64) int { return cmp.Compare(e.id, id) }

// merged is two runs of distinct ids as one, in id order.
func merged(a, b []copyOf) []copyOf {
	out := make([]copyOf, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].id < b[0].id {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
