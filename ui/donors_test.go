package ui

import (
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/views/donors"
)

// d lists the donors of what the list shows, biggest total first; a key
// per column sorts; Enter shows that donor's gifts in the list.
func TestDonorViewGroupsAndOpensADonor(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Donors of several gifts, and Ada's, are in three pages,
			// which a walk crosses.
			src, _ := demoSource(t, sh.Of(demo.Options{Count: testCount}))
			d := newDriver(t, src, 120, 35)
			d.keys("G", "d")
			v := d.m.children[donors.ID].(*donors.View)
			if d.m.focus != donors.ID || v.Total() == 0 || len(v.Rows()) == 0 {
				t.Fatalf("focus %v, %d donors", d.m.focus, v.Total())
			}
			d.mustShow("Donors", "by total ↓", v.Rows()[0].Email)
			for i := 1; i < len(v.Rows()); i++ {
				if strings.HasPrefix(v.Rows()[i-1].Total.Sub(v.Rows()[i].Total).String(), "-") {
					t.Fatalf("donor %d has less than the next", i-1)
				}
			}
			d.keys("c")
			d.mustShow("by gifts ↓")
			if v.Rows()[0].Gifts < v.Rows()[len(v.Rows())-1].Gifts {
				t.Errorf("by count: %d gifts first, %d last", v.Rows()[0].Gifts, v.Rows()[len(v.Rows())-1].Gifts)
			}
			d.keys("j", "j")
			who := v.Rows()[2]
			d.keys("enter")
			// The donor view counts the paid gifts (the totals' rule); the list
			// shows every gift of theirs.
			paid := 0
			for _, r := range d.shownRows() {
				if strings.EqualFold(r.Summary.Status.Value, "paid") {
					paid++
				}
			}
			if d.m.focus != listID || d.m.data.q.Query.Email != who.Email || paid != who.Gifts {
				t.Fatalf("enter: focus %v, e-mail %q, %d paid rows; want %s's %d paid gifts", d.m.focus, d.m.data.q.Query.Email, paid, who.Email, who.Gifts)
			}
		})
	}
}

// D on a gift shows that donor's whole history, whatever else was filtered.
func TestHistoryKeyShowsTheDonorsGifts(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Ada's gifts are spread over three pages.
			src, srv := demoSource(t, sh.Of(demo.Options{Count: testCount}))
			d := newDriver(t, src, 120, 35)
			d.keys("/", "ada", "enter")
			email := d.m.list.selectedRow().Summary.Email.Value
			d.keys("D")
			want := srv.Match(demo.Filter{Email: email})
			if d.m.data.q.Query.Email != email || d.m.data.q.Filter.Search != "" || d.m.data.Len() != len(want) {
				t.Errorf("D: e-mail %q, search %q, %d rows; want %d", d.m.data.q.Query.Email, d.m.data.q.Filter.Search, d.m.data.Len(), len(want))
			}
		})
	}
}

// D in a gift opened full screen shows that donor's history too.
func TestHistoryKeyFromTheDetail(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 100, 30)
	d.keys("j", "enter")
	email := d.m.list.selectedRow().Summary.Email.Value
	d.keys("D")
	if d.m.focus != listID || d.m.data.q.Query.Email != email || d.m.data.Len() != len(srv.Match(demo.Filter{Email: email})) {
		t.Errorf("D in the detail: focus %v, e-mail %q, %d rows", d.m.focus, d.m.data.q.Query.Email, d.m.data.Len())
	}
}
