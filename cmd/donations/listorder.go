package main

import (
	"slices"

	"donations/api"
	"donations/export"
)

// The orders `list --order` takes. Without it the list is as the server
// lists it: oldest first in the spec, the order a script reading ndjson has
// always had; --newest N is the N most recent, newest first unless --order
// says oldest.
const (
	orderOldest = "oldest"
	orderNewest = "newest"
)

var listOrders = []string{orderOldest, orderNewest}

// orderUsage is --order's help: the default stated, and what --newest does.
const orderUsage = "oldest or newest first, by date (default: as the server lists them, oldest first in the API's spec; with --newest, newest first)"

// newestFirst says whether the list is written newest first, and refuses
// --order beside --sort, which orders by something else.
func (o listOptions) newestFirst() (bool, error) {
	if o.order != "" && o.ask.sort != "" {
		return false, usageError("--order is by date and --sort by " + o.ask.sort + ": give one of them")
	}
	if o.order == "" {
		return o.newest > 0, nil
	}
	return o.order == orderNewest, nil
}

// pagerOrder is the order the server's pages are read in: --newest N reads
// the newest pages whatever order they are written in.
func (o listOptions) pagerOrder() api.Order {
	if o.newest > 0 || o.order == orderNewest {
		return api.NewestFirst
	}
	return api.OldestFirst
}

// reversed is a writer that holds what it is given and writes it, last
// first, as it closes: the N newest read newest first, written oldest first
// (--newest N --order oldest). It holds the N donations in memory.
type reversed struct {
	export.Writer
	held []*api.Donation
}

func (r *reversed) Write(d *api.Donation) error {
	r.held = append(r.held, d)
	return nil
}

func (r *reversed) Close() error {
	for _, d := range slices.Backward(r.held) {
		if err := r.Writer.Write(d); err != nil {
			r.Writer.Close()
			return err
		}
	}
	return r.Writer.Close()
}

// sorted says whether the list must come through a store to be in order:
// --order oldest of a whole list, which a server that lists newest first
// (as Donorbox does) would otherwise send the other way round. Newest first
// the pager finds on either kind of server.
func (o listOptions) sorted() bool {
	return o.order == orderOldest && o.newest == 0
}

// ordered is w as the list's order needs it: reversed when the newest are
// read newest first but asked oldest first.
func (o listOptions) ordered(w export.Writer) export.Writer {
	if newest, _ := o.newestFirst(); o.newest > 0 && !newest {
		return &reversed{Writer: w}
	}
	return w
}
