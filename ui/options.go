package ui

import (
	"time"

	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
)

// Options are what the program's wiring tells the UI.
type Options struct {
	Account  string         // shown in the header: "demo", or user @ host
	Config   string         // the config file the account was read from, named when the server refuses it; "" for none
	Demo     string         // the built-in demo server's address with --demo, for the help's "add a gift"
	Location *time.Location // local time zone (default time.Local)
	Question ask.Question   // initial filters; its Query.PerPage is the page size
	Now      func() time.Time
	Store    dataset.Local // the profile's store; none: the API fills one in memory
	Sync     Syncer        // runs once in the background to bring Store up to date
	LastSync time.Time     // when Store was last synced (zero: never)
	LastFull time.Time     // when a sync last re-read every page of it
	CSVBOM   bool          // exported CSV files start with a UTF-8 byte-order mark
	// FiscalStart is the month the reports' years start in (0 or 1: January).
	FiscalStart int
	Live        LiveOptions // what Live (L) needs; without Sync, Live is not offered
	// Curl is a curl command that asks for a donation by id: the raw view's
	// c for a row that came from the store.
	Curl func(id int64) string
	// What a config shapes: keys by BindingNames, the list's columns by
	// ColumnNames, the colours, and named views to switch between.
	Keys    map[string][]string
	Columns []string
	Theme   uictx.Theme
	Views   []View
	// SaveView writes a view into the config file (replacing one of its
	// name only if replace); nil: views cannot be saved.
	SaveView func(v View, replace bool) error
	// CanSaveView says, before V asks for a name, why a view cannot be
	// saved (no config file to write it in); nil, or nil returned: it can.
	CanSaveView func() error
	// State remembers the order, filters and search between runs; nil
	// remembers nothing.
	State StateStore
}
