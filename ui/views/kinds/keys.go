package kinds

import (
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
	"donations/ui/views/command"
)

func (v *View) ShortHelp() []key.Binding {
	k := v.keys
	if v.searching {
		return []key.Binding{v.ctx.Keys.Search.Accept, v.ctx.Keys.Search.Cancel}
	}
	var jumps []key.Binding
	if v.spec != nil {
		jumps = v.jumps()
	}
	if v.mode != listMode {
		return append(append([]key.Binding{v.ctx.Keys.Scroll.Up, k.Back, k.Raw}, jumps...), k.Command, k.Quit)
	}
	line := append([]key.Binding{k.Open, k.Command}, jumps...)
	line = append(line, k.Search, k.Sort, k.Filter, k.Export)
	return append(line, k.Back, k.Order, k.Raw, k.Clear)
}

// shortEnds are the keys the list's key line keeps at its end on any
// width: the way to every other key, and out.
func (v *View) shortEnds() []key.Binding {
	if v.searching || v.mode != listMode {
		return nil
	}
	return []key.Binding{v.ctx.Keys.List.Help, v.keys.Quit}
}

// jumps are the keys to the selected record's gifts, plans and campaign
// that its kind offers.
func (v *View) jumps() []key.Binding {
	var out []key.Binding
	if v.spec.gifts {
		out = append(out, v.keys.Gifts)
	}
	if v.spec.plans {
		out = append(out, v.keys.Plans)
	}
	if v.spec.campaign {
		out = append(out, v.keys.Campaign)
	}
	return out
}

func (v *View) HelpTitle() string {
	if v.spec == nil {
		return "Kinds"
	}
	return v.spec.title
}

func (v *View) FullHelp() [][]key.Binding {
	k := v.keys
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Open, k.Raw, k.Gifts, k.Plans, k.Campaign, k.Command, k.Back, k.Quit},
		{k.Search, k.Sort, k.Order, k.Filter, k.Export, k.Clear}}
}

func (v *View) key(k tea.KeyPressMsg) tea.Cmd {
	kb := v.keys
	v.ctx.Flash = "" // said once, until the next key
	switch {
	case key.Matches(k, kb.Quit):
		return v.nav.Quit()
	case key.Matches(k, kb.Back):
		if v.mode != listMode {
			v.mode = listMode
			return nil
		}
		if cmd, ok := v.goBack(); ok {
			return cmd
		}
		v.nav.Back()
		return nil
	case key.Matches(k, kb.Command):
		return v.nav.Open(command.ID)
	case key.Matches(k, kb.Raw):
		if v.mode == rawMode {
			v.mode = listMode
		} else if v.selected() != nil {
			v.mode = rawMode
		}
		v.fill()
		return nil
	case key.Matches(k, kb.Gifts, kb.Plans, kb.Campaign):
		return v.jump(k)
	}
	if v.mode != listMode {
		v.ctx.Keys.Scroll.Scroll(&v.vp, k)
		return nil
	}
	return v.listKey(k)
}

func (v *View) listKey(k tea.KeyPressMsg) tea.Cmd {
	kb, h := v.keys, v.height()
	switch {
	case key.Matches(k, kb.Open):
		if v.selected() != nil {
			v.mode = detailMode
			v.fill()
		}
	case key.Matches(k, kb.Search):
		v.searching = true
		return v.search.Focus()
	case key.Matches(k, kb.Sort):
		v.sort = (v.sort + 1) % len(v.spec.sorts())
		v.desc = descending(v.spec.sorts()[v.sort])
		return v.reread()
	case key.Matches(k, kb.Order):
		v.desc = !v.desc
		return v.reread()
	case key.Matches(k, kb.Filter):
		return v.prompts.Filter(v.form())
	case key.Matches(k, kb.Export):
		if v.have.None || v.have.Read.IsZero() {
			v.ctx.Flash = "export: no " + v.spec.kind.Name + " are held"
			return nil
		}
		return v.prompts.Export(v.source())
	case key.Matches(k, kb.Clear):
		v.filter = dataset.KindFilter{}
		v.search.SetValue("")
		return v.reread()
	case key.Matches(k, kb.Down):
		v.moveTo(v.cursor + 1)
	case key.Matches(k, kb.Up):
		v.moveTo(v.cursor - 1)
	case key.Matches(k, kb.PageDown):
		v.moveTo(v.cursor + h)
	case key.Matches(k, kb.PageUp):
		v.moveTo(v.cursor - h)
	case key.Matches(k, kb.Top):
		v.moveTo(0)
	case key.Matches(k, kb.Bottom):
		v.moveTo(len(v.items) - 1)
	}
	return nil
}

// reread reads again from the first record: what is asked changed.
func (v *View) reread() tea.Cmd {
	v.cursor, v.offset = 0, 0
	return v.read()
}

// typing is a key while the search has the keys: each one reads again,
// Enter keeps the search and Esc drops it.
func (v *View) typing(k tea.KeyPressMsg) tea.Cmd {
	keys := v.ctx.Keys.Search
	switch {
	case key.Matches(k, keys.Cancel):
		v.search.SetValue("")
		fallthrough
	case key.Matches(k, keys.Accept):
		v.searching = false
		v.search.Blur()
		if v.filter.Search == v.search.Value() {
			return nil
		}
		v.filter.Search = v.search.Value()
		return v.reread()
	}
	var cmd tea.Cmd
	v.search, cmd = v.search.Update(k)
	if v.search.Value() == v.filter.Search {
		return cmd
	}
	v.filter.Search = v.search.Value()
	return tea.Batch(cmd, v.reread())
}

// jump is D, P or C on a record: its gifts in the donations' list, its
// plans, or its campaign.
func (v *View) jump(k tea.KeyPressMsg) tea.Cmd {
	it, kb := v.selected(), v.keys
	if it == nil {
		return nil
	}
	name := v.spec.kind.Name
	switch {
	case key.Matches(k, kb.Gifts) && v.spec.gifts:
		return v.gifts(it)
	case key.Matches(k, kb.Plans) && v.spec.plans && name == "donors" && it.email != "":
		return v.jumpTo("plans", dataset.KindFilter{Email: it.email}, 0, false)
	case key.Matches(k, kb.Plans) && v.spec.plans && name == "campaigns":
		return v.jumpTo("plans", dataset.KindFilter{CampaignID: it.campaign}, 0, false)
	case key.Matches(k, kb.Campaign) && v.spec.campaign && it.campaign != 0:
		return v.jumpTo("campaigns", dataset.KindFilter{}, it.campaign, true)
	}
	return nil
}

// gifts asks the donations' list for the record's gifts: a donor's by
// their e-mail, a campaign's by its id, a plan's by the plan id its gifts
// name, and gives it the keys.
func (v *View) gifts(it *item) tea.Cmd {
	texts := ask.Texts{}
	switch v.spec.kind.Name {
	case "donors":
		if it.email == "" {
			return nil
		}
		v.nav.Back()
		v.Send(uictx.ShowDonorMsg{Email: it.email})
		return nil
	case "campaigns":
		texts["campaign_id"] = strconv.FormatInt(it.campaign, 10)
	case "plans":
		texts["plan_id"] = strconv.FormatInt(it.id, 10)
	}
	q, errs := ask.Read(texts, v.ctx.Now())
	if err := errs.Err(); err != nil {
		v.ctx.Flash = uictx.FirstLine(err.Error())
		return nil
	}
	v.nav.Back()
	v.Send(uictx.AskMsg{Question: q})
	return nil
}
