package uictx

import (
	"strings"

	"donations/api"
)

// Row is one shown donation: its summary, and the request that fetched it
// when it came from the API in this session.
type Row struct {
	Summary  api.Summary
	Exchange *api.Exchange
}

func NewRow(d *api.Donation, ex *api.Exchange) Row { return Row{Summary: d.Summary(), Exchange: ex} }

// FormOrCampaign is what a gift came through: its form or, where the
// server names none (servers that nest the campaign send no form_name),
// its campaign, the same grouping of gifts under the platform's name;
// campaign says which. The list's FORM column and the detail follow it.
func FormOrCampaign(form, campaignName api.Text) (name api.Text, campaign bool) {
	if strings.TrimSpace(form.Value) == "" && campaignName.Value != "" {
		return campaignName, true
	}
	return form, false
}
