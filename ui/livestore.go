package ui

import "donations/store"

// active is the store the list reads, for Live (live.go), which reads it
// itself until it moves to its room and asks the dataset as the other
// views do.
func (w *walk) active() *store.Store {
	if w.fromStore() {
		return w.held.Store()
	}
	if w.scratch == nil {
		return nil
	}
	return w.scratch.Store()
}
