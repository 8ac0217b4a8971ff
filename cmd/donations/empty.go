package main

import (
	"fmt"

	"donations/ask"
)

// holdsAccount says whether the store that answers q holds every donation
// of the account, so that a value none of them has is a mistake: the
// account's store (fromStore), or one in memory filled with every page,
// as it is for a question with no date range and none of the API's
// filters. One filled for a range holds only its pages: a value missing
// there may be in the account, and the answer is just empty.
func holdsAccount(q ask.Question, fromStore bool) bool {
	return fromStore || q.Filter.Dates.IsZero() && !q.Query.Filtered()
}

// noteEmpty says, on a terminal, that nothing answers q, and which dates
// and filters it asked: an empty answer is an answer (exit status 0), and
// a script reads it from stdout alone.
func noteEmpty(a *app, command string, q ask.Question) {
	if a.terms.err != nil {
		fmt.Fprintf(a.stderr, "donations %s: %s\n", command, q.EmptyText())
	}
}
