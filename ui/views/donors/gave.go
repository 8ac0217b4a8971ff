package donors

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
)

// The campaigns the selected donor gave to: read off the event
// loop as the cursor lands on a donor, under the rule the donor's total is
// counted by, so that their sums add up to it.

// GaveMsg is the campaigns a donor gave to, the largest first.
type GaveMsg struct {
	email  string
	groups []dataset.Group
	err    error
}

// askGave reads the selected donor's campaigns, unless they are read or
// being read.
func (v *View) askGave() tea.Cmd {
	d := v.selected()
	if d == nil || d.Email == v.gaveAsked {
		return nil
	}
	v.gaveAsked, v.gave, v.gaveErr, v.gaveBusy = d.Email, nil, nil, true
	email, asked := d.Email, v.data.Asked()
	return func() tea.Msg {
		groups, _, err := asked.DonorCampaigns(context.Background(), email)
		return GaveMsg{email: email, groups: groups, err: err}
	}
}

func (v *View) onGave(msg GaveMsg) {
	if msg.email == v.gaveAsked {
		v.gave, v.gaveErr, v.gaveBusy = msg.groups, msg.err, false
	}
}

// Gave is the selected donor's campaigns as last read.
func (v *View) Gave() []dataset.Group { return v.gave }

// gaveLine is the selected donor's campaigns on one line, each with what
// their gifts add up to, as many as fit and a count of the rest: a figure
// is never cut.
func (v *View) gaveLine(width int) string {
	st := &v.ctx.Styles
	label := st.Label.Render("Gave to ")
	d := v.selected()
	switch {
	case d == nil:
		return ""
	case v.gaveErr != nil:
		return label + st.Error.Render("⚠ "+textsafe.Line(uictx.FirstLine(v.gaveErr.Error())))
	case !named(v.gave):
		// Being read, or the server names no campaign (the spec's shape):
		// nothing to say.
		return ""
	}
	parts := make([]string, len(v.gave))
	for i, g := range v.gave {
		name := uictx.Missing + " no campaign named"
		if g.Key[0] != "" {
			name = textsafe.Line(g.Key[0])
		}
		parts[i] = name + " " + st.Muted.Render(campaignSum(g, d.Currency))
	}
	more := func(n int) string { return "+" + textsafe.Count(n, "campaign") }
	return label + uictx.FitParts(parts, width-textsafe.Width("Gave to "), more)
}

// named says whether some group is a campaign with a name.
func named(groups []dataset.Group) bool {
	for _, g := range groups {
		if g.Key[0] != "" {
			return true
		}
	}
	return false
}

// campaignSum is what a campaign's gifts add up to in the donor's
// currency, and how many they are.
func campaignSum(g dataset.Group, cur string) string {
	gifts := textsafe.Count(g.Count, "gift")
	if sum, ok := g.Converted[cur]; ok {
		return uictx.Money(cur, sum) + ", " + gifts
	}
	return gifts
}
