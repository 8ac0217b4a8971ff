package ui

// switchStatuses is the key a: the totals count every status but
// refunded, or again the paid gifts; the footer tallies again what it
// read, by the other rule.
func (w *browserData) switchStatuses() {
	w.allStatuses = !w.allStatuses
	w.shown.CountAll(w.allStatuses)
}
