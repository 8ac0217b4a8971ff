package insights

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
)

// GoalsPage is the page after the reports, "goals": each campaign the store holds
// against its goal, as the server counts what it raised. It is the
// server's figure for the whole campaign, not an adding-up of the gifts
// the list shows, and says so.
const GoalsPage = "goals"

// goals are the campaigns read for the page, and what the store knows of
// the server's campaigns: that it has none, or when they were read.
type goals struct {
	held      dataset.KindHeld
	campaigns []api.Campaign
}

// readGoals reads the campaigns the store holds, off the event loop.
func (p *reportPages) readGoals() tea.Cmd {
	gen, h := p.gen, p.held
	return func() tea.Msg {
		ctx := context.Background()
		g := &goals{}
		var err error
		if g.held, err = dataset.HeldOfKind(ctx, h, api.CampaignsKind); err == nil && !g.held.None && !g.held.Read.IsZero() {
			g.campaigns, err = dataset.Records[api.Campaign](ctx, h, dataset.KindFilter{})
		}
		if errors.Is(err, dataset.ErrNotLoaded) { // no account's store: none read
			err = nil
		}
		return ReportMsg{gen: gen, goals: g, err: err}
	}
}

// goalsBody draws the campaigns against their goals in width cells: a
// line each, its name, a bar of the share of its goal raised, the share
// in words (a bar alone says nothing without colour), and the figures.
func (p *reportPages) goalsBody(width int) string {
	st, g := &p.ctx.Styles, p.goals
	switch {
	case g.held.None:
		return st.Muted.Render(textsafe.Wrap(dataset.NoKindLine(api.CampaignsKind), width, " "))
	case g.held.Read.IsZero():
		return st.Muted.Render(textsafe.Wrap("The campaigns were not read from this server: a sync of the account's store reads them.", width, " "))
	}
	var b strings.Builder
	b.WriteString(st.Muted.Render(textsafe.Wrap(textsafe.Count(len(g.campaigns), "campaign")+
		" as the server counts what each raised: all its gifts, not the list's filters", width, " ")) + "\n\n")
	lines := goalLines(g.campaigns)
	nameW, shareW, figW := 0, 0, textsafe.Width("RAISED OF GOAL")
	for _, l := range lines {
		nameW = max(nameW, textsafe.Width(l.name))
		shareW = max(shareW, textsafe.Width(l.share))
		figW = max(figW, textsafe.Width(l.figures))
	}
	nameW = max(min(nameW, 28, width-shareW-figW-9), 1)
	room := max(width-nameW-shareW-figW-3, 0)
	if room < 5 { // too narrow for a bar: the share in words says it
		room = 0
	}
	b.WriteString(st.Header.Render(strings.TrimRight(textsafe.Fit("CAMPAIGN", nameW)+" "+textsafe.Fit("PROGRESS", room)+" "+
		strings.Repeat(" ", shareW)+" "+textsafe.FitRight("RAISED OF GOAL", figW), " ")) + "\n")
	for _, l := range lines {
		bar := ""
		if room > 0 {
			n := int(float64(room) * min(l.fraction, 1))
			bar = strings.Repeat("█", n) + strings.Repeat("░", room-n)
			if !l.hasGoal {
				bar = strings.Repeat(" ", room)
			}
		}
		line := textsafe.Fit(l.name, nameW) + " " + bar + " " + textsafe.FitRight(l.share, shareW) + " " + textsafe.FitRight(l.figures, figW)
		b.WriteString(textsafe.Truncate(strings.TrimRight(line, " "), width) + "\n")
	}
	if len(lines) == 0 {
		b.WriteString(st.Muted.Render("The server lists no campaign."))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// goalLine is a campaign as the page draws it.
type goalLine struct {
	name, share, figures string
	fraction             float64 // of the goal raised, for the bar
	hasGoal              bool
}

// goalLines are the campaigns' lines in the server's order: the share of
// the goal raised, in whole percent (rounded down: 100% is the goal met),
// and what was raised of what goal, in the campaign's currency.
func goalLines(campaigns []api.Campaign) []goalLine {
	out := make([]goalLine, 0, len(campaigns))
	for _, c := range campaigns {
		cur := strings.ToUpper(c.Currency.Value)
		raised, _ := c.TotalRaised.Decimal()
		goal, okGoal := c.GoalAmount.Decimal()
		name := textsafe.Line(c.Name.Value)
		if name == "" {
			name = "campaign " + uictx.Itoa(c.ID.Value)
		}
		l := goalLine{name: name, share: "no goal", figures: uictx.Money(cur, raised.Cents())}
		g4, okG := goal.Scaled(4)
		r4, okR := raised.Scaled(4)
		if okGoal && okG && okR && g4 > 0 {
			l.hasGoal, l.fraction = true, float64(r4)/float64(g4)
			l.share = fmt.Sprintf("%.0f%%", math.Floor(100*l.fraction))
			l.figures = uictx.Money(cur, raised.Cents()) + " of " + uictx.Grouped(goal.Cents().String())
		}
		out = append(out, l)
	}
	return out
}
