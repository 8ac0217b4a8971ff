// Package ui is the terminal browser: Bubble Tea models over the Donations
// Read API. It never builds URLs, clients or walkers, parses no API
// response and reads no store: it asks the dataset (package dataset),
// which walks the API through the small Source interface (source.go).
// boundary_test.go holds every folder to that (docs/architecture.md).
//
// The root Model (app.go) keeps the shared *Context (context.go: styles, the
// KeyMap, the Layout, time zone, a flash note, the request log), the
// question in force (an ask.Question, in browserdata.go), the list's answer to it
// (a views/list Answer), which child has the keys, and the routing of
// messages.
//
// The answer on screen — the count, a window of decoded rows, the footer's
// totals, and the words of how whole they are — is the views/list model's:
// one command per question, tagged with a generation, decides once where
// the answer comes from and brings count, window and coverage; the exact
// count, other windows and the sums go on from that decision. A newer
// question cancels the read under way and a late answer is dropped; the
// store is read when the question, the store or the rows on screen change,
// never on a tick. Update and View only read it; no query runs on the
// event loop.
//
// The rows come from the profile's store, or for --demo and --no-cache one
// in memory, that the background sync (sync.go, a dataset.Watcher's Sync,
// whose event stream the header reads) fills newest first; until it holds
// what a question asks, every number says it is partial, in words
// (views/list). A question the store cannot answer yet (one donor asked of
// the server before a first sync has finished, a campaign) is read from
// the API by a dataset.Scratch, every page of it.
//
// Every view is a child (uictx.Child) with Update, View, the place it is
// drawn in, and its key line drawn from its bindings. Views in a room of
// their own live under views/, one folder each (help, logview, sorter,
// raw, clipboard, search, detail, filter, exporter, saveview, donors,
// insights with its report pages, live): they import uictx, never this
// package, so they cannot reach the browser's data. They read the answer on screen
// through uictx.Data (data.go: thin reads of the browser's data and the list); what
// they add up or list themselves they ask of the dataset through its Asked
// (the question in force and what answers it), whose every read says how
// whole it is; tally draws the sums, and views/rows draws gifts the list's
// way. The list and setup stay files of this package: the list is the
// data's own screen. A view that adds up what it shows itself is a
// uictx.Rereader: it reads again while it has the keys when a sync stores
// more or the key a switches what counts. Children move the keys through a
// uictx.Navigator and change the question or the data only by posting a
// uictx.Request, which the root carries out (requests.go) right after their
// Update or Open returns.
//
// The folders: uictx/ is the shared context (styles, keys, layout,
// formats); views/<name>/ is where a view is drawn and keeps its own
// state, and views/rows the list's columns, which the list and Live share;
// views/list is the answer on screen; browserdata.go fetches pages and routes the
// list's reads, totals.go words the footer, and view.go and columns.go draw
// the list screen.
//
// To add a view: make views/<name>/ with a type that implements
// uictx.Child and an ID, add its key set to uictx.KeyMap, and register it
// with one m.add(name.ID, name.New(m.ctx, nav, viewData{m})) line in New;
// its OpenKey opens it from the list; a uictx.Helped gives ? its keys there (the
// root opens the help over it and Esc gives it back as it was). A change it needs of the question is a new
// uictx.Request and a case in Model.request.
//
// To add a filter: one row of ask.Fields.
package ui
