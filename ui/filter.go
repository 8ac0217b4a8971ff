package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/textsafe"
)

// filterField is one input of the form with the check its value must pass.
type filterField struct {
	label string
	input textinput.Model
	check func(string) string // the message to show, "" when fine
	err   string
}

// filterForm edits the server-side filters. Enter applies from any field, so
// a support agent types an e-mail and presses Enter, nothing else.
type filterForm struct {
	fields []filterField
	focus  int
}

func positiveInt(s string) string {
	if s == "" {
		return ""
	}
	if v, err := strconv.ParseInt(s, 10, 64); err != nil || v <= 0 {
		return "must be a whole number above 0"
	}
	return ""
}

func emailCheck(s string) string {
	if s != "" && (!strings.Contains(s, "@") || strings.ContainsAny(s, " \t")) {
		return "an e-mail address looks like name@example.org"
	}
	return ""
}

func noCheck(string) string { return "" }

func newFilterForm(q api.Query) filterForm {
	mk := func(label, value, placeholder string, check func(string) string) filterField {
		in := textinput.New()
		in.Placeholder = placeholder
		in.SetValue(value)
		in.CharLimit = 320
		in.Prompt = ""
		return filterField{label: label, input: in, check: check}
	}
	id := func(v int64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatInt(v, 10)
	}
	f := filterForm{fields: []filterField{
		mk("E-mail", q.Email, "donor@example.org", emailCheck),
		mk("First name", q.FirstName, "", noCheck),
		mk("Last name", q.LastName, "", noCheck),
		mk("Campaign id", id(q.CampaignID), "e.g. 101", positiveInt),
		mk("Donation id", id(q.ID), "e.g. 100042", positiveInt),
	}}
	f.fields[0].input.Focus()
	return f
}

func (f *filterForm) move(delta int) tea.Cmd {
	f.fields[f.focus].input.Blur()
	f.focus = (f.focus + delta + len(f.fields)) % len(f.fields)
	return f.fields[f.focus].input.Focus()
}

// validate checks every field and moves to the first one in error.
func (f *filterForm) validate() bool {
	ok := true
	for i := range f.fields {
		fl := &f.fields[i]
		fl.err = fl.check(strings.TrimSpace(fl.input.Value()))
		if fl.err != "" && ok {
			ok = false
			f.move(i - f.focus)
		}
	}
	return ok
}

// query is the form's filters over base's paging.
func (f *filterForm) query(base api.Query) api.Query {
	v := func(i int) string { return strings.TrimSpace(f.fields[i].input.Value()) }
	q := api.Query{PerPage: base.PerPage, Email: v(0), FirstName: v(1), LastName: v(2)}
	q.CampaignID, _ = strconv.ParseInt(v(3), 10, 64)
	q.ID, _ = strconv.ParseInt(v(4), 10, 64)
	return q
}

type formResult int

const (
	formEditing formResult = iota
	formApplied
	formCancelled
)

func (f *filterForm) update(msg tea.Msg) (formResult, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "esc":
			return formCancelled, nil
		case "enter":
			if f.validate() {
				return formApplied, nil
			}
			return formEditing, nil
		case "tab", "down":
			return formEditing, f.move(1)
		case "shift+tab", "up":
			return formEditing, f.move(-1)
		}
	}
	var cmd tea.Cmd
	fl := &f.fields[f.focus]
	fl.input, cmd = fl.input.Update(msg)
	if fl.err != "" {
		fl.err = fl.check(strings.TrimSpace(fl.input.Value()))
	}
	return formEditing, cmd
}

func (f *filterForm) view(width int, st Styles) string {
	var b strings.Builder
	b.WriteString(st.Title.Render("Filters") + "\n")
	b.WriteString(st.Muted.Render(textsafe.Truncate("Sent to the API as typed; whether text matches whole values or parts is up to the server.", width)) + "\n\n")
	inputW := max(min(width-16, 60), 10)
	for i := range f.fields {
		fl := &f.fields[i]
		fl.input.SetWidth(inputW)
		marker := "  "
		label := st.Label.Render(textsafe.Fit(fl.label, 13))
		if i == f.focus {
			marker = st.Key.Render("> ")
			label = st.Key.Render(textsafe.Fit(fl.label, 13))
		}
		b.WriteString(marker + label + " " + fl.input.View() + "\n")
		if fl.err != "" {
			b.WriteString(strings.Repeat(" ", 16) + st.Error.Render(fl.err) + "\n")
		} else {
			b.WriteString("\n")
		}
	}
	b.WriteString(st.Muted.Render("tab/shift+tab move · enter apply · esc cancel"))
	return b.String()
}
