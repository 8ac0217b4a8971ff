// Package ui is the terminal browser: Bubble Tea models over the Donations
// Read API. It never builds URLs, clients or walkers and parses no API
// response: it reads a store (package store), and asks the dataset (package
// dataset) to walk the API through the small Source interface (source.go).
//
// The root Model (app.go) keeps the shared *Context (context.go: styles, the
// KeyMap, the Layout, time zone, a flash note, the request log), the
// question in force (an ask.Question, in walk.go), the answer on screen
// (shown.go), which child has the keys, and the routing of messages.
//
// The answer on screen — the count, a window of decoded rows, the footer's
// totals, and what the store holds of the question (coverage.go) — is read
// by commands off the event loop, each tagged with a generation: a newer
// question cancels the read under way and a late answer is dropped. Update
// and View only read it; no query runs on the event loop.
//
// The rows come from the profile's store, or for --demo and --no-cache one
// in memory, that the background sync (sync.go, through dataset.Sync) fills
// newest first; until it holds what a question asks, every number says it
// is partial, in words (coverage.go). A question the store cannot answer yet
// (one donor asked of the server before a first sync has finished, a
// campaign) is read from the API by a dataset.Scratch, every page of it.
//
// Every view is a child (child.go) in a file of its own — list, detail,
// raw, search, sort, copy, export, filter, saveview, donors, insights,
// live, logview, help — with Update, View, the place it is drawn in, and
// its key line drawn from its bindings. Children move the keys through a
// navigator: open(id), back(), backToOpener(), quit(); a child changes the
// question through the list (list.ask), never by writing into the data.
//
// To add a view: write a file with a type that implements child and a
// viewID constant, add its key set to KeyMap, and register it with one
// m.add(id, newView(...)) line in New; its OpenKey opens it from the list.
// To add a filter: one row of ask.Fields.
package ui
