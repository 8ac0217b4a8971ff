package ui

// switchStatuses is the key a: the totals count every status but
// refunded, or again the paid gifts; the footer counts again.
func (w *walk) switchStatuses() {
	w.allStatuses = !w.allStatuses
	w.shown.sumsDirty = true
}
