package uictx

import (
	"donations/api"
)

// Row is one shown donation: its summary, and the request that fetched it
// when it came from the API in this session.
type Row struct {
	Summary  api.Summary
	Exchange *api.Exchange
}

func NewRow(d *api.Donation, ex *api.Exchange) Row { return Row{Summary: d.Summary(), Exchange: ex} }
