package ui

import (
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
)

// Fundraisers browse recent gifts: the browser opens newest first, and a
// sort is remembered only once the user has picked one. A state saved
// before the pick was kept ("date", oldest first, the old default) is not
// a pick.
func TestTheBrowserOpensNewestFirstUnlessASortWasPicked(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// One page: what is checked is the order named, not the rows.
			src, _ := demoSource(t, sh.Of(demo.Options{Count: 100}))
			// The states open the same walk in other orders: the race
			// run (-short) opens the one by amount.
			for _, tc := range apitest.Raced([]struct {
				name string
				s    *State
				want string
			}{
				{"no state", nil, "newest first"},
				{"a state of the old default", &State{Sort: "date", Order: api.OldestFirst}, "newest first"},
				{"oldest first picked", &State{Sort: "date", Order: api.OldestFirst, Picked: true}, "oldest first"},
				{"by amount, from before picked was kept", &State{Sort: "-amount", Order: api.OldestFirst}, "by amount ↓"},
			}, 3) {
				t.Run(tc.name, func(t *testing.T) {
					d := newDriverWith(t, src, Options{State: memoryState{s: tc.s}}, 120, 30)
					d.settle()
					if got := d.m.data.sortLabel(); got != tc.want {
						t.Errorf("opens %s, want %s", got, tc.want)
					}
					d.mustShow(tc.want)
				})
			}
		})
	}
}

// A run that picks no sort leaves none for the next, which opens newest
// first; one that picks oldest first (o) keeps it.
func TestOnlyAPickedSortIsRemembered(t *testing.T) {
	t.Parallel()
	// What is saved is a sort, the same over one page (the race run) as
	// over three.
	src, _ := demoSource(t, demo.Options{Count: apitest.Sized(300, 100)})
	kept := memoryState{s: &State{}}
	d := newDriverWith(t, src, Options{State: kept}, 120, 30)
	d.settle()
	d.m.quit()
	if kept.s.Picked || kept.s.Sort != "" {
		t.Errorf("a run that picked nothing saved %+v", *kept.s)
	}
	d = newDriverWith(t, src, Options{State: kept}, 120, 30)
	d.settle()
	d.keys("o")
	d.mustShow("oldest first")
	d.m.quit()
	again := newDriverWith(t, src, Options{State: kept}, 120, 30)
	again.settle()
	again.mustShow("oldest first")
}

// oldestFirst is the options of a run whose user picked oldest first: for
// tests of what the list's first pages hold (page=1 and its neighbours).
func oldestFirst() Options {
	return Options{State: memoryState{s: &State{Sort: "date", Order: api.OldestFirst, Picked: true}}}
}
