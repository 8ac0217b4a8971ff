// Package dataset owns the data's page loops: every walk of the API's pages
// into a store goes through its one loop (run, fill.go), which hands pages
// to a writer goroutine that commits them, several to a transaction, with
// the coverage they complete (store.PutPages). Sync reads a Source
// (*api.Client is one: the dataset never sees HTTP or keys); Watcher.Fill
// stores any walk, for an in-memory store answering one question (--demo, --no-cache,
// list and summary online); a Scratch walks a question a page at a time as
// the browser asks for more (scratch.go).
//
// What the server does is learned from its answers and kept per account in
// the store (the list's order, the page size it serves, the date form it
// takes): a newest-first server that ignores order=asc is walked natively
// (descsync.go, downwalk.go). A full sync removes only what it is sure the
// server no longer holds (settle.go).
//
// A first sync walks newest first (walks.go, backwalk.go); later ones read
// the new pages at the end, then walk back over what is missing, reading
// first a date range the browser wants (jump.go). One sync of a store runs
// at a time (lock.go: a turn per process, flock on <store>.lock across
// processes), and Status is what the request log and `cache info` show of
// it. The syncs of a store are told on one stream (events.go): Watch gives
// a Watcher whose Events say this process's syncs as each batch is stored
// and as they end (By: the Watcher's own, run through Watcher.Sync or
// Fill, or another here), and another process's as a status read at each
// tick shows it. A slow reader holds no sync up: progress it has not taken
// is merged. The browser's header and the status line of `donations sync`,
// list, summary and report read it alike. It knows no screen and no SQL:
// the store (package store) takes rows and coverage.
//
// The other kinds of records (plans, campaigns, donors, events, tickets,
// purchases) are read whole by ReadKind, with the donations' client, after
// a sync's donations when SyncOptions.Kinds is set, and read back by
// Records with a KindFilter (kinds.go).
//
// Answer answers a question (count, a window of rows, sums) from the
// store or a scratch walk, as SourceFor decides for the browser and the
// commands alike, and says which and how whole (Coverage: the numbers of
// every partial note), tagged with the caller's generation (answer*.go).
// The commands and the browser hold the account's store as a Local (open,
// sync, read, remove: local.go), and the browser asks through an Asked: the
// list's answers, and the views' reads (views*.go: donors, insights, the
// reports, the export's rows, Live's check) from the same source with the
// same coverage; the plain values they draw are named here (views_values.go).
package dataset
