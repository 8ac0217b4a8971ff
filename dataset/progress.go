package dataset

import (
	"cmp"
	"time"
)

// Read is how far the sync has come, as the header and the status line of
// `donations sync` both say it: the pages it stored of those it expects to
// read, else the page it is on of the server's count (total 0: not known).
func (p Progress) Read() (done, total int) {
	if p.Total > 0 {
		return p.Done, p.Total
	}
	return p.Page, p.Pages
}

// Left is the time the pages left take at the pace of the last pages
// (PagePace), else at the pace since the start; 0 when it is not known
// (nothing read yet, or no count of the pages) or none are left (the
// store's end under way). A server's budget that runs out before the end
// spends itself in bursts and waits for its reset, as long as a minute
// where the platform gives 60 requests a minute: half a minute then
// holds a burst's first pages after a wait, which would make a page seem
// to take most of a minute where the sync reads one a second. The pace
// since the start spans the bursts and waits alike; it counts the pages
// this sync stored (Done), not the server's page number, which a walk
// that goes on from the store's end at page 501 starts at: counted by the
// page number, 10 pages read in 10 s would be taken for 510, and 90 left
// for 2 s.
func (p Progress) Left() time.Duration {
	done, total := p.Read()
	if done <= 0 || total <= done || p.Ending {
		return 0
	}
	if p.PagePace > 0 && !(p.Budgeted && p.Budget.Remaining < total-done) {
		return p.PagePace * time.Duration(total-done)
	}
	return p.Elapsed * time.Duration(total-done) / time.Duration(cmp.Or(p.Done, done))
}

// EndingWords say what a sync does once every page is stored (Ending).
const EndingWords = "indexing and adding up…"
