package ui

import "donations/dataset"

// rule is which gifts the browser's totals count, the one rule `donations
// report` and summary follow (store.ReportQuery.Counts): the paid gifts,
// the statuses the question names, or with the switch (allStatuses, the
// key a) every status but refunded.
func (w *walk) rule() dataset.ReportQuery { return w.asked().Rule() }

// switchStatuses is the key a: the totals count every status but
// refunded, or again the paid gifts; the footer counts again.
func (w *walk) switchStatuses() {
	w.allStatuses = !w.allStatuses
	w.shown.sumsDirty = true
}
