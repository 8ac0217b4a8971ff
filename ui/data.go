package ui

import (
	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
)

// viewData is the answer on screen as the views read it (uictx.Data):
// each method a thin read of the root's data and list, so it says what
// they say whatever reads the answer behind them.
type viewData struct{ m *Model }

func (d viewData) Len() int               { return d.m.data.Len() }
func (d viewData) At(i int) *uictx.Row    { return d.m.data.At(i) }
func (d viewData) Pending() bool          { return d.m.data.pending() }
func (d viewData) Selected() *uictx.Row   { return d.m.list.selectedRow() }
func (d viewData) Partial() string        { return d.m.data.partial() }
func (d viewData) MatchCount() string     { return d.m.data.matchCount() }
func (d viewData) Question() ask.Question { return d.m.data.q }
func (d viewData) Asked() dataset.Asked   { return d.m.data.asked() }
