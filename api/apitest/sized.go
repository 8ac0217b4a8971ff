package apitest

import "testing"

// Sized is full, or short under -short (the race run), for a test whose
// checks hold at any size but which the full run runs at the size that
// shows its point best: the race run still runs its logic, concurrency
// included, on the smaller account.
func Sized(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}
