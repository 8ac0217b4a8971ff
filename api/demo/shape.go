package demo

import (
	"fmt"
	"slices"
	"time"
)

// The shapes the demo serves its one generated data set in: the spec's,
// and the one Donorbox, the platform the spec resembles, sends (nested
// objects, fields past the spec, newest first, 50 a page: shapeOf).
const (
	ShapeSpec     = "spec"
	ShapeDonorbox = "donorbox"
)

// ShapeNames lists the shapes, the default first.
var ShapeNames = []string{ShapeSpec, ShapeDonorbox}

// offsets turn the data set's ids into the ones a shape serves: Donorbox
// ids have eight digits, its donors have ids of their own.
type offsets struct{ id, donor int64 }

var boxOffsets = offsets{id: 25_000_000, donor: 7_500_000}

// shape is what differs in how a shape lists: its page size, its order
// and the date forms its filters take.
type shape struct {
	offsets
	perPage     int
	newestFirst bool // without order=asc
	dates       []string
	datesHint   string
}

func shapeOf(name string) shape {
	if name == ShapeDonorbox {
		return shape{offsets: boxOffsets, perPage: 50, newestFirst: true,
			dates:     []string{"2006-01-02", "2006/01/02", "20060102", "02-01-2006"},
			datesHint: "a date: YYYY-mm-dd, YYYY/mm/dd, YYYYmmdd or dd-mm-YYYY"}
	}
	return shape{perPage: 100, dates: []string{time.RFC3339Nano, "2006-01-02"},
		datesHint: "an ISO 8601 date-time, such as 2026-03-01T00:00:00.000Z"}
}

// checkShape says whether name is a shape the demo serves.
func checkShape(name string) error {
	if slices.Contains(ShapeNames, name) {
		return nil
	}
	return fmt.Errorf("demo shape %q: want one of %v", name, ShapeNames)
}

// perPage is the page size asked for, as the shape takes it: the spec
// reverts a size past 100 to its default, and so does Donorbox, to its own.
func (sh shape) pageSize(asked int64) int {
	if asked <= 0 || asked > 100 {
		return sh.perPage
	}
	return int(asked)
}

// reversed says whether a request's order serves the newest first.
func (sh shape) reversed(order string, orderDesc bool) bool {
	if sh.newestFirst {
		return order != "asc"
	}
	return orderDesc && order == "desc"
}
