package dataset

import "donations/api"

// Source is the account a sync reads: *api.Client is one. The dataset needs
// no more of the client than these, so it knows nothing of HTTP, keys or
// retries; tests give it a client of the demo server.
type Source interface {
	// Pager walks q's pages in order (api.Pager.From starts it elsewhere).
	Pager(q api.Query, order api.Order) *api.Pager
	// RangeWalk walks the pages of q's donations dated in r: a sync reads
	// the browser's question first with it.
	RangeWalk(q api.Query, r api.DateRange, concurrency int) *api.RangeWalk
	// Budget is the server's rate-limit budget as its last answer said.
	Budget() (api.Budget, bool)
	// Profile is what the source has learned of its server (order, page
	// size, date form), and Teach tells it what the store remembers.
	Profile() api.Profile
	Teach(api.Profile)
}

// requests is how many pages a walk has fetched, for the walks that count.
func requests(w api.Walker) int {
	if r, ok := w.(interface{ Requests() int }); ok {
		return r.Requests()
	}
	return 0
}
