package dataset

import "donations/ask"

// From is where an answer comes from.
type From int

const (
	// FromStore is the account's store: synced, or being filled by a
	// sync, it answers over what it holds and says how whole that is.
	FromStore From = iota
	// FromScratch is a store in memory that a walk of the question's own
	// pages fills (Scratch, or Watcher.Fill for a command that reads them all).
	FromScratch
	// FromAPI is the server's pages as they come, with no store between:
	// only a caller that writes them in the server's order takes it.
	FromAPI
)

func (f From) String() string {
	switch f {
	case FromStore:
		return "store"
	case FromScratch:
		return "scratch"
	}
	return "api"
}

// Holding is what a caller has to answer from besides the API.
type Holding struct {
	// Store says the account's store may be read (the browser's, or list
	// --offline's); Synced that a sync of it has finished.
	Store, Synced bool
	// Offline says no request may be made: the store answers whatever
	// it holds, and the answer says what it lacks.
	Offline bool
	// Stream says the caller writes the server's pages as they come, in
	// the server's order (list without --sort or --order oldest).
	Stream bool
}

// SourceFor decides where the answer to q comes from: the one rule the
// browser and the commands follow.
//
// The store answers any question it can filter once it has been synced,
// and while a first sync fills it, over what it holds (the answer says
// so), except a campaign, which the store is not synced by, and one donor
// or gift asked of the server: the server answers that whole at once,
// where a store half filled would answer part of it. Else a scratch store
// answers, unless the caller streams the server's pages and the question
// needs nothing that only a store does (a store's filter, the search, a
// sort).
func SourceFor(q ask.Question, h Holding) From {
	switch {
	case h.Offline:
		return FromStore
	case h.Store && q.Query.CampaignID == 0 && (h.Synced || !oneOff(q)):
		return FromStore
	case h.Stream && !q.Narrowing() && !q.Has("search") && q.Sort == "" && !q.Desc:
		return FromAPI
	}
	return FromScratch
}

// oneOff says whether q asks the server for one donor or one gift.
func oneOff(q ask.Question) bool {
	p := q.Query
	return p.Email != "" || p.FirstName != "" || p.LastName != "" || p.ID != 0
}
