package uictx

import (
	"donations/ask"
	"donations/dataset"
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
	// Question is a copy of the question in force.
	Question() ask.Question
	// Asked is the question in force and what answers it: a view reads
	// the data through it, never the store, so each read says how whole
	// it is as the list's does.
	Asked() dataset.Asked
}
