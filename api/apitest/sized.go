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

// Raced is cases, or under -short (the race run) those at keep alone, for
// a test whose cases run the same goroutines over other data (a shape, a
// zone, a view, a server): the race run needs each concurrent path run
// once, and the full run checks every case.
func Raced[T any](cases []T, keep ...int) []T {
	if !testing.Short() {
		return cases
	}
	kept := make([]T, len(keep))
	for i, k := range keep {
		kept[i] = cases[k]
	}
	return kept
}

// RacedShapes is Shapes, or under -short (the race run) Donorbox's alone:
// its pages of 50 make a walk read the most pages at once, and its records
// hold the most (campaigns, tributes, refunds in part). The spec's shape
// runs the same goroutines over other data, which the full run checks.
func RacedShapes() []Shape { return Raced(Shapes, 1) }

// FirstPassOnly skips, under -short (the race run), a test left whole to
// the full run (go test ./...); why says what it checks and why the race
// run needs none of it.
func FirstPassOnly(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skip(why + ": left to go test ./...")
	}
}
