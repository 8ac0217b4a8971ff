// The filter form is hand-wired on bubbles' textinput, not on huh
// (charm.land/huh/v2, which was tried against its source).
// What huh cannot do that this form needs:
//   - Enter applies from any field, after checking all five at once: each bad
//     field shows its message under it and the cursor lands on the first.
//     huh validates a field only as it is left (and then refuses to leave
//     it) or on its own Next/Submit key; nothing sets a field's error or
//     focuses a chosen field from outside (Form has NextField, PrevField and
//     GetFocusedField only).
//   - Stepping through the fields from a wrapper to make huh validate them
//     does not work either: leaving the last field of the last group submits
//     the form (nextGroupMsg ends in StateCompleted).
//
// Its keys come from FormKeys in the KeyMap like every other view's.

package filter

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"donations/ask"
	"donations/textsafe"
	"donations/ui/uictx"
)

// Form is what the form edits: its fields (each one's Name, Label and
// Hint), their texts to begin with, the line under the title that says
// where they apply, what is wrong with a field's text ("" when it reads),
// and what Enter does with every field's text once they all read. The
// donations' form is made from ask.Fields; a kind's list gives its own.
type Form struct {
	Fields []ask.Field
	Texts  ask.Texts
	About  string
	Check  func(name, text string) string
	Apply  func(texts ask.Texts) tea.Cmd
}

// filterField is one input of the form, for one of its fields.
type filterField struct {
	field ask.Field
	input textinput.Model
	err   string
}

// filterForm edits a Form's fields. Enter applies from any field, so a
// support agent types an e-mail and presses Enter, nothing else.
type filterForm struct {
	Form
	fields []filterField
	focus  int
}

func newFilterForm(form Form) filterForm {
	f := filterForm{Form: form}
	for _, fd := range form.Fields {
		in := textinput.New()
		in.Placeholder = fd.Hint
		in.SetValue(form.Texts[fd.Name])
		in.CharLimit = 320
		in.Prompt = ""
		f.fields = append(f.fields, filterField{field: fd, input: in})
	}
	f.fields[0].input.Focus()
	return f
}

// check is what is wrong with a field's text, "" when it reads.
func (f *filterForm) check(fl *filterField) string { return f.Check(fl.field.Name, fl.input.Value()) }

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
		fl.err = f.check(fl)
		if fl.err != "" && ok {
			ok = false
			f.move(i - f.focus)
		}
	}
	return ok
}

// texts are every field's text.
func (f *filterForm) texts() ask.Texts {
	t := ask.Texts{}
	for _, fl := range f.fields {
		t[fl.field.Name] = fl.input.Value()
	}
	return t
}

// donations is the form of the donations' question in force: the fields
// of ask.Fields the form shows, applied over the question's search and
// sort as the root's question (uictx.AskMsg).
func (v *View) donations() Form {
	base, now, fiscal := v.data.Question(), v.ctx.Now(), v.ctx.FiscalStart
	form := Form{Texts: base.Texts, About: "The first five go to the API as typed; the rest are applied here, to what the store holds.",
		Check: func(name, text string) string {
			_, errs := ask.ReadFiscal(ask.Texts{name: text}, now, fiscal)
			return errs[name]
		},
		Apply: func(t ask.Texts) tea.Cmd {
			t["search"] = base.Texts["search"]
			q, _ := ask.ReadFiscal(t, now, fiscal)
			q.Sort, q.Desc = base.Sort, base.Desc
			v.Send(uictx.AskMsg{Question: q})
			return nil
		}}
	for _, fd := range ask.Fields {
		if fd.Form {
			form.Fields = append(form.Fields, fd)
		}
	}
	return form
}

// ID names the view.
const ID uictx.ViewID = "filter"

// View is the filter form as a child: it is made afresh each time it
// opens, from the donations' question in force (applying it asks the root
// for its question, uictx.AskMsg) or from the Form given to For.
type View struct {
	uictx.Outbox
	ctx  *uictx.Context
	nav  uictx.Navigator
	data uictx.Data
	form filterForm
	next *Form // what the next Open edits (For); nil: the donations' filters
	keys *uictx.FormKeys
}

// For makes the next Open edit form in place of the donations' filters.
func (v *View) For(form Form) { v.next = &form }

// New is the form over data's question, drawn in ctx, moving the keys
// through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	return &View{ctx: ctx, nav: nav, data: data, keys: &ctx.Keys.Filter}
}

func (v *View) OpenKey() key.Binding { return v.ctx.Keys.List.Filter }
func (v *View) Place() uictx.Place   { return uictx.PlaceScreen }

func (v *View) ShortHelp() []key.Binding {
	return []key.Binding{v.keys.Next, v.keys.Prev, v.keys.Apply, v.keys.Cancel}
}

func (v *View) Open() (tea.Cmd, bool) {
	form := v.donations()
	if v.next != nil {
		form, v.next = *v.next, nil
	}
	v.form = newFilterForm(form)
	return textinput.Blink, true
}

func (v *View) Update(msg tea.Msg) tea.Cmd {
	f := &v.form
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, v.keys.Cancel):
			v.nav.BackToOpener()
			return nil
		case key.Matches(k, v.keys.Apply):
			if !f.validate() {
				return nil
			}
			v.nav.BackToOpener()
			return f.Apply(f.texts())
		case key.Matches(k, v.keys.Next):
			return f.move(1)
		case key.Matches(k, v.keys.Prev):
			return f.move(-1)
		}
	}
	if len(f.fields) == 0 {
		return nil // never opened yet
	}
	var cmd tea.Cmd
	fl := &f.fields[f.focus]
	fl.input, cmd = fl.input.Update(msg)
	if fl.err != "" {
		fl.err = f.check(fl)
	}
	return cmd
}

func (v *View) View() string {
	st, lay := &v.ctx.Styles, v.ctx.Layout
	width := lay.Width - st.Panel.GetHorizontalFrameSize()
	head := st.Title.Render("Filters") + "  " +
		st.Muted.Render(textsafe.Truncate(v.form.About, width-9)) + "\n"
	// 16 cells of marker and label before the input, and its cursor after.
	inputW := max(min(width-17, 80), 10)
	f := &v.form
	fields := make([]string, len(f.fields))
	for i := range f.fields {
		fl := &f.fields[i]
		fl.input.SetWidth(inputW)
		marker := "  "
		label := st.Label.Render(textsafe.Fit(fl.field.Label, 13))
		if i == f.focus {
			marker = st.Key.Render("> ")
			label = st.Key.Render(textsafe.Fit(fl.field.Label, 13))
		}
		input, under := v.fieldLines(fl, inputW)
		fields[i] = marker + label + " " + input + "\n" + strings.Repeat(" ", 16) + under + "\n"
	}
	// On a short screen the fields scroll to keep the focused one in view,
	// and the explanation gives way first.
	room := lay.ScreenHeight - st.Panel.GetVerticalFrameSize() - 2 // the head and the key line
	if room < 2*len(fields) {
		head = st.Title.Render("Filters") + st.Muted.Render(" "+uictx.Itoa(int64(f.focus+1))+"/"+uictx.Itoa(int64(len(fields)))) + "\n"
	}
	shown := max(room/2, 1)
	first := max(0, min(f.focus-shown+1, len(fields)-shown))
	first = min(first, f.focus)
	last := min(first+shown, len(fields))
	return st.Panel.Width(lay.Width).Height(lay.ScreenHeight).MaxHeight(lay.ScreenHeight).
		Render(head + strings.Join(fields[first:last], "") + v.ctx.KeyLineWidth(v.ShortHelp(), width))
}

// fieldLines draws a field's input and the line under it: its error, or
// the rest of a hint too long for the input, which breaks after a comma or
// a space ("…, this year," / "2026-03-01..2026-03-31"), never inside a
// value as the screen's own wrap did ("2026-03-" / "01").
func (v *View) fieldLines(fl *filterField, w int) (input, under string) {
	st := &v.ctx.Styles
	hint := fl.input.Placeholder
	first, rest := splitHint(hint, w)
	fl.input.Placeholder = first
	input = v.ctx.InputView(&fl.input)
	fl.input.Placeholder = hint
	switch {
	case fl.err != "":
		return input, st.Error.Render(fl.err)
	case fl.input.Value() == "" && rest != "":
		return input, st.Muted.Render(rest)
	}
	return input, ""
}

// splitHint cuts hint into what fits w cells and the rest, at the last space
// that fits; the rest is cut to w too.
func splitHint(hint string, w int) (first, rest string) {
	if textsafe.Width(hint) <= w {
		return hint, ""
	}
	cut := -1
	for i, r := range hint {
		if textsafe.Width(hint[:i]) > w {
			break
		}
		if r == ' ' {
			cut = i
		}
	}
	if cut <= 0 {
		return textsafe.Truncate(hint, w), ""
	}
	return hint[:cut], textsafe.Truncate(hint[cut+1:], w)
}
