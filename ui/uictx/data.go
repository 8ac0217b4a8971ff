package uictx

import (
	"donations/ask"
	"donations/store"
)

// Data is the answer on screen as a view reads it: the root's, read-only.
// A view keeps the Data it was given and reads it when it draws or acts,
// never a copy, so it sees every answer the root takes in; it changes
// nothing through it (a change is a Request).
type Data interface {
	// Len is how many rows the list shows.
	Len() int
	// At is row i of what the list shows, 0 <= i < Len(); an empty row
	// while its window is being read.
	At(i int) *Row
	// Pending says a page of the answer is on its way, or none is in yet of
	// an answer that may hold rows: the newest gifts are not known yet.
	Pending() bool
	// Selected is the list's selected row; nil when there is none.
	Selected() *Row
	// Partial is "" when the answer is whole, else what it covers, in words.
	Partial() string
	// MatchCount says how many rows the search finds, and over what.
	MatchCount() string
	// Store is the store that answers the question in force, for reads
	// only; nil when none could be opened.
	Store() *store.Store
	// FromStore says the profile's own store answers the question, which a
	// sync brings up to date from where it ends; false for a fill of the
	// API's pages, which holds only the pages read.
	FromStore() bool
	// StoreQuery is the question in force as the store reads it.
	StoreQuery() store.Query
	// Question is a copy of the question in force.
	Question() ask.Question
	// Filter is what the store applies of the question in force.
	Filter() store.Filter
	// Rule is which gifts the totals count (the key a switches it).
	Rule() store.ReportQuery
}
