package dataset

import "donations/api"

// copies decides which copy of a donation a walk stores when the list
// holds it more than once (a page boundary moved under the walk, or the
// server repeats rows): the one updated last by its last_updated_at, and
// where that does not tell, the one later in the list. The pager drops a
// repeated id from what it yields, so the later copies are taken from the
// page as fetched.
type copies map[int64]copyRank

type copyRank struct {
	updated int64 // last_updated_at in ms; 0 when it does not read as a time
	pos     int64 // place in the list: page and row
}

func (r copyRank) after(o copyRank) bool {
	if r.updated != 0 && o.updated != 0 && r.updated != o.updated {
		return r.updated > o.updated
	}
	return r.pos > o.pos
}

// keep is what of b a walk stores: its new donations, and the copies of
// donations it stored before that win over them.
func (c copies) keep(b api.Batch) []api.Donation {
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
		prev, had := c[d.ID.Value]
		if had && !r.after(prev) || !had && !fresh[d.ID.Value] {
			continue
		}
		c[d.ID.Value] = r
		out = append(out, *d)
	}
	return out
}
