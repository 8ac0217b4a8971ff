package dataset

import (
	"donations/api"
	"donations/internal/idset"
)

// copies decides which copy of a donation a walk stores when the list
// holds it more than once (a page boundary moved under the walk, or the
// server repeats rows): the one updated last by its last_updated_at, and
// where that does not tell, the one later in the list. The pager drops a
// repeated id from what it yields, so the later copies are taken from the
// page as fetched.
//
// It remembers every donation it kept, in an idset: about 6 bytes each
// (a byte for the id, 4 for the time, 1 for the place), several times
// fewer than a map or sorted runs of whole numbers, which would be much of
// a first sync's peak memory at a million.
type copies struct {
	kept idset.Set[copyRank]
}

type copyRank struct {
	updated int64 // last_updated_at in ms; 0 when it does not read as a time
	pos     int64 // place in the list: page and row
}

// Fields, Field and WithField let an idset pack a rank's two numbers.
func (copyRank) Fields() int { return 2 }

func (r copyRank) Field(i int) int64 {
	if i == 0 {
		return r.updated
	}
	return r.pos
}

func (r copyRank) WithField(i int, x int64) copyRank {
	if i == 0 {
		r.updated = x
	} else {
		r.pos = x
	}
	return r
}

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
		if !c.won(d.ID.Value, r, fresh[d.ID.Value]) {
			continue
		}
		out = append(out, *d)
	}
	return out
}

// won says whether the copy of id at r is the one to store, and keeps its
// rank if so: a copy wins over the one kept before, if it came after it;
// with none kept before, only a donation the pager yielded (fresh) is kept.
func (c *copies) won(id int64, r copyRank, fresh bool) bool {
	var prev copyRank
	if fresh {
		held, isNew := c.kept.Add(id, r) // one lookup, where Get then Add took two
		if isNew {
			return true
		}
		prev = held
	} else if held, had := c.kept.Get(id); had {
		prev = held
	} else {
		return false
	}
	if !r.after(prev) {
		return false
	}
	c.kept.Put(id, r)
	return true
}
