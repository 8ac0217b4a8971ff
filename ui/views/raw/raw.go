package raw

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
)

// ID names the view.
const ID uictx.ViewID = "raw"

// View is the selected record exactly as received, under the request that
// fetched its page and the answer's headers: what a developer checks against
// the API. / searches it, y copies the record and c a curl command that
// asks for it again.
type View struct {
	ctx   *uictx.Context
	nav   uictx.Navigator
	data  uictx.Data
	vp    viewport.Model
	keys  *uictx.RawKeys
	find  textinput.Model
	row   *uictx.Row
	lines []string // the text, made safe, without styles
	hits  []int    // the lines holding the search, in order
	hit   int      // the one shown
	// styles is the uictx.Context.Restyles the content was drawn with: a
	// background learnt after opening left the marks in the old colours.
	styles int
}

// New is the raw view of data's selected row, drawn in ctx, moving the
// keys through nav.
func New(ctx *uictx.Context, nav uictx.Navigator, data uictx.Data) *View {
	in := textinput.New()
	in.Prompt = "/ "
	in.Placeholder = "text to find"
	return &View{ctx: ctx, nav: nav, data: data, vp: viewport.New(), keys: &ctx.Keys.Raw, find: in}
}

func (r *View) OpenKey() key.Binding { return r.ctx.Keys.List.Raw }
func (r *View) Place() uictx.Place   { return uictx.PlaceScreen }

func (r *View) ShortHelp() []key.Binding {
	if r.find.Focused() {
		return []key.Binding{r.keys.Back}
	}
	k := r.keys
	return []key.Binding{r.ctx.Keys.Scroll.Up, k.Search, r.ctx.Keys.List.Help, k.Next, k.Prev, k.Top, k.Bottom, k.Copy, k.Curl, k.Back, k.Quit}
}

func (r *View) HelpTitle() string { return "Raw JSON" }
func (r *View) FullHelp() [][]key.Binding {
	k, s := r.keys, r.ctx.Keys.Scroll
	return [][]key.Binding{append(s.Group(), k.Top, k.Bottom, s.Left, s.Right), {k.Search, k.Next, k.Prev, k.Copy, k.Curl, k.Back, k.Quit}}
}

// Typing says whether the search has the keys: ? is then a character.
func (r *View) Typing() bool { return r.find.Focused() }

func (r *View) Open() (tea.Cmd, bool) {
	r.row = r.data.Selected()
	if r.row == nil {
		return nil, false
	}
	r.lines = strings.Split(rawText(r.row.Summary.Raw, r.row.Exchange, r.ctx.Location()), "\n")
	r.hits, r.hit = nil, 0
	r.find.Reset()
	r.size()
	r.show()
	r.vp.GotoTop()
	return nil, true
}

func (r *View) size() {
	r.vp.SetWidth(r.ctx.Layout.Width)
	r.vp.SetHeight(max(r.ctx.Layout.TextHeight-1, 1))
}

// show fills the viewport, the search's lines marked and the current one
// in reverse.
func (r *View) show() {
	st := &r.ctx.Styles
	out := slices.Clone(r.lines)
	// Only the lines found are styled: looking each line up in the hits
	// cost lines × hits for a search that matched most of a record.
	for j, i := range r.hits {
		if j == r.hit {
			out[i] = st.Selected.Render(r.lines[i])
		} else {
			out[i] = st.Key.Render(r.lines[i])
		}
	}
	r.styles = r.ctx.Restyles()
	r.vp.SetContent(strings.Join(out, "\n"))
}

func (r *View) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		var cmd tea.Cmd
		r.find, cmd = r.find.Update(msg)
		return cmd
	}
	if r.find.Focused() {
		return r.typing(k)
	}
	r.ctx.Flash = ""
	kb := r.keys
	switch {
	case key.Matches(k, kb.Back):
		r.nav.Back()
	case key.Matches(k, kb.Quit):
		return r.nav.Quit()
	case key.Matches(k, kb.Search):
		return r.find.Focus()
	case key.Matches(k, kb.Next):
		r.step(1)
	case key.Matches(k, kb.Prev):
		r.step(-1)
	case key.Matches(k, kb.Top):
		r.vp.GotoTop()
	case key.Matches(k, kb.Bottom):
		r.vp.GotoBottom()
	case key.Matches(k, kb.Copy):
		r.ctx.Flash = "Sent the donation's JSON to the terminal's clipboard (OSC 52)"
		return tea.SetClipboard(string(r.row.Summary.Raw))
	case key.Matches(k, kb.Curl):
		return r.curl()
	default:
		r.ctx.Keys.Scroll.Scroll(&r.vp, k)
	}
	return nil
}

// typing takes the search's keys: Enter finds, Esc drops the search.
func (r *View) typing(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case k.String() == "enter":
		r.find.Blur()
		r.search(r.find.Value())
		return nil
	case key.Matches(k, r.keys.Back):
		r.find.Blur()
		r.find.Reset()
		r.search("")
		return nil
	}
	var cmd tea.Cmd
	r.find, cmd = r.find.Update(k)
	return cmd
}

// search finds the lines holding text, ignoring case, and shows the first.
func (r *View) search(text string) {
	r.hits, r.hit = nil, 0
	if text = strings.ToLower(strings.TrimSpace(text)); text != "" {
		for i, l := range r.lines {
			if strings.Contains(strings.ToLower(ansi.Strip(l)), text) {
				r.hits = append(r.hits, i)
			}
		}
	}
	r.step(0)
}

// step moves to the next (1) or previous (-1) line found, round the end.
func (r *View) step(delta int) {
	if len(r.hits) > 0 {
		r.hit = (r.hit + delta + len(r.hits)) % len(r.hits)
		r.vp.SetYOffset(max(r.hits[r.hit]-r.vp.Height()/3, 0))
	}
	r.show()
}

// curl copies a command that asks for this donation by id (not for its
// whole page), or, where the wiring cannot build one, repeats the request
// that brought it.
func (r *View) curl() tea.Cmd {
	var cmd string
	switch {
	case r.ctx.Curl != nil && r.row.Summary.ID.Valid:
		cmd = r.ctx.Curl(r.row.Summary.ID.Value)
	case r.row.Exchange != nil:
		cmd = r.row.Exchange.Curl()
	default:
		r.ctx.Flash = "No request to repeat for this donation"
		return nil
	}
	r.ctx.Flash = "Sent a curl command to the terminal's clipboard (OSC 52); it reads the key from $DONATIONS_API_KEY"
	return tea.SetClipboard(cmd)
}

// View sizes the text to the layout first: the window may have changed
// while the raw view was open.
func (r *View) View() string {
	r.size()
	if r.styles != r.ctx.Restyles() {
		r.show()
	}
	st := &r.ctx.Styles
	status := st.Flash.Render(textsafe.Truncate(r.ctx.Flash, r.ctx.Layout.Width))
	switch {
	case r.find.Focused():
		status = r.ctx.InputView(&r.find)
	case r.ctx.Flash == "" && r.find.Value() != "":
		status = st.Muted.Render(fmt.Sprintf("/%s: %d of %d", textsafe.Line(r.find.Value()), min(r.hit+1, len(r.hits)), len(r.hits)))
	}
	return r.vp.View() + "\n" + status + "\n" + r.ctx.KeyLine(r.ShortHelp())
}

// rawText is the record exactly as received, indented, under the request
// that fetched its page, as curl -v shows one: what was sent (">", the
// credentials never kept) and the answer's headers ("<"). A donation
// stored by an older version has no request kept.
func rawText(raw []byte, ex *api.Exchange, loc *time.Location) string {
	var b strings.Builder
	if ex != nil {
		fmt.Fprintf(&b, "%s %s\n", ex.Method, textsafe.Line(ex.URL))
		fmt.Fprintf(&b, "Page %d of the list, fetched at %s\n", ex.Page, ex.At.In(loc).Format("2006-01-02 15:04:05 MST"))
		writeHeaders(&b, "> ", ex.Sent)
		fmt.Fprintf(&b, "HTTP %d  %s %s  %d ms", ex.Status, uictx.Commas(ex.Bytes), ex.BytesUnit(), ex.Duration.Milliseconds())
		if ex.Attempt > 1 {
			fmt.Fprintf(&b, "  (attempt %d)", ex.Attempt)
		}
		b.WriteString("\n")
		writeHeaders(&b, "< ", ex.Header)
		b.WriteString("\n")
	} else {
		b.WriteString("From the local store: the request that brought it is not kept (an older version kept none);\na sync that reads its page again keeps it.\n\n")
	}
	b.WriteString(Record(raw))
	return b.String()
}

// Record is a record exactly as received, indented, each character that
// may not reach the terminal written as its JSON escape: a donation's
// here, a plan's or a campaign's in the kinds' view.
func Record(raw []byte) string { return textsafe.Block(escaped(api.Indent(raw))) }

// escaped writes each character of the record that may not reach the
// terminal as its JSON escape: a zero-width space, a bidi override or a C1
// control a server sent raw in a string is then seen where it is, as it
// would be in the JSON, not dropped by textsafe (which would show "Eve"
// for "Eve\u200b" and leave the raw view untrue). The string means the
// same to a JSON reader. Invalid UTF-8 is left for textsafe to mark.
func escaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		c := s[i : i+size]
		switch {
		case r >= 0x20 && r < 0x7f, r == '\n', r == utf8.RuneError && size == 1, textsafe.Line(c) == c:
			b.WriteString(c)
		case r > 0xffff:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// writeHeaders writes h a line each, sorted by name, after mark.
func writeHeaders(b *strings.Builder, mark string, h map[string][]string) {
	for _, name := range slices.Sorted(maps.Keys(h)) {
		b.WriteString(textsafe.Line(mark+name+": "+strings.Join(h[name], ", ")) + "\n")
	}
}
