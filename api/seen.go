package api

import (
	"hash/maphash"

	"donations/internal/idset"
)

// seenSet is what a walk has yielded: donations by id, and those with no
// usable id by their bytes, so a server that sends the same id-less record
// on every page (ignoring `page`) has it yielded once and its repeated
// page ends the walk like any other.
//
// The ids are in an idset (packed runs, where a map's memory would grow
// with the account many times as fast). A copy of a seenSet shares its
// sets, so a walk handed on to another pager yields nothing twice.
type seenSet struct {
	ids  *idset.Set[idset.None]
	raw  map[uint64]struct{}
	seed maphash.Seed
}

func newSeenSet() seenSet {
	return seenSet{ids: &idset.Set[idset.None]{}, raw: map[uint64]struct{}{}, seed: maphash.MakeSeed()}
}

// add marks the record of id, sent as raw, seen and says whether it was new.
func (s seenSet) add(id Int, raw []byte) bool {
	if id.Valid {
		_, isNew := s.ids.Add(id.Value, idset.None{})
		return isNew
	}
	h := maphash.Bytes(s.seed, raw)
	_, dup := s.raw[h]
	s.raw[h] = struct{}{}
	return !dup
}

// fresh keeps the donations not seen before and marks them seen.
func (p *Pager) fresh(list []Donation, reverse bool) []Donation {
	out := make([]Donation, 0, len(list))
	for i := range list {
		d := list[i]
		if reverse {
			d = list[len(list)-1-i]
		}
		if p.seen.add(d.ID, d.Raw) {
			out = append(out, d)
		}
	}
	return out
}

// contentKey tells pages apart: past the end some servers repeat the last
// page. The bytes of the first and last records count besides their ids,
// so two pages of records without ids are told apart by what they hold.
type contentKey struct {
	first, last int64
	n           int
	sum         uint64
}

// keySeed is fixed for the process: keys are compared within one walk only.
var keySeed = maphash.MakeSeed()

func keyOf(pg *Page) contentKey {
	n := len(pg.Donations)
	if n == 0 {
		return contentKey{}
	}
	first, last := &pg.Donations[0], &pg.Donations[n-1]
	return contentOf(first.ID.Value, last.ID.Value, n, first.Raw, last.Raw)
}

// contentOf is the key of a page of n records from first to last.
func contentOf(first, last int64, n int, firstRaw, lastRaw []byte) contentKey {
	var h maphash.Hash
	h.SetSeed(keySeed)
	h.Write(firstRaw)
	h.Write(lastRaw)
	return contentKey{first, last, n, h.Sum64()}
}
