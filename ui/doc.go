// Package ui is the terminal browser: Bubble Tea models over the Donations
// Read API. It reads donations through the small Source interface and never
// builds URLs or parses API responses itself.
//
// The root Model keeps four things: the shared *Context (styles, the KeyMap,
// the Layout, time zone, a flash note) that every child reads; the walk
// (query, order, walker, loaded rows, totals); which child has the keys; and
// the routing of messages between them. Every view is a child (child.go) in a
// file of its own — list, detail, raw, search, copy, export, filter, help —
// with Update, View, the place it is drawn in, and its key line drawn from
// its bindings. Children move the keys through a navigator: open(id), back(),
// quit().
//
// To add a view: write a file with a type that implements child and a viewID
// constant, add its key set to KeyMap, and register it with one
// m.add(id, newView(...)) line in New; its OpenKey opens it from the list.
//
// Rows come from a Source: the API (FromClient), or the local store
// (FromStore, storesource.go) once it has been synced; the wiring may give a
// Syncer that sync.go runs in the background, its progress in the header.
//
// The list reads its rows through Rows (Len, At): today the loaded pages
// narrowed by the quick search, later possibly a window over a store query.
// Async work is a tea.Cmd whose reply carries a generation or job number; a
// reply to an old walk or job is dropped.
package ui
