// The setup screen is hand-wired for the reason the filter form is (see
// views/filter): it lets a person move past a field and checks every field on
// save, showing each message under its field; huh v2.0.3 refuses to leave an
// invalid field and offers no way to set a field's error from outside.

package ui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"donations/api"
	"donations/textsafe"
	"donations/ui/uictx"
)

// KeySource is where the setup screen says the API key comes from.
type KeySource int

const (
	KeyFromEnv KeySource = iota // an environment variable
	KeyFromCmd                  // a command that prints it
	KeyInFile                   // the key itself, in the 0600 config file
)

var keySourceNames = []string{"environment variable", "command that prints it", "stored in the config file (0600)"}

// SetupResult is what the person filled in; Done is false when they left.
type SetupResult struct {
	Done      bool
	BaseURL   string
	Username  string
	KeySource KeySource
	KeyValue  string // the variable's name, the command, or the key
	NoCache   bool   // keep no local store of donations on disk
}

// Setup is the first-start screen: shown when nothing is configured, it
// collects an account for the wiring to write as a config file.
type Setup struct {
	path    string
	inputs  [3]textinput.Model // base URL, username, key value
	source  KeySource
	noCache bool
	focus   int // 0..2 the inputs, 3 the key source choice, 4 the store choice, in screen order below
	errs    [5]string
	w, h    int
	result  SetupResult
	st      uictx.Styles
	keys    uictx.SetupKeys
	help    help.Model
	try     tryState
}

// setup screen order: base URL, username, local store, key source, key value.
var setupOrder = []int{0, 1, 4, 3, 2}

// NewSetup makes the setup screen; path is where the config file will go,
// and check tries the account before it is saved.
func NewSetup(path string, check AccountChecker) *Setup {
	s := &Setup{path: path, w: 80, h: 24, keys: uictx.NewKeyMap().Setup, help: help.New(), try: tryState{check: check}}
	for i := range s.inputs {
		in := textinput.New()
		in.Prompt = ""
		in.CharLimit = 500
		in.SetWidth(50)
		s.inputs[i] = in
	}
	s.inputs[0].Placeholder = "https://api.example.org"
	s.inputs[1].Placeholder = "login e-mail or organization id"
	s.inputs[2].SetValue("DONATIONS_API_KEY")
	s.restyle(true)
	s.inputs[0].Focus()
	return s
}

// restyle takes the styles for the terminal's background, key line and
// fields included.
func (s *Setup) restyle(dark bool) {
	s.st = uictx.NewStyles(dark)
	s.help.Styles = s.st.Help
	for i := range s.inputs {
		s.inputs[i].SetStyles(s.st.Input)
	}
}

// Result is what the screen ended with.
func (s *Setup) Result() SetupResult { return s.result }

// Init asks for the background colour, as the browser does, to pick styles.
func (s *Setup) Init() tea.Cmd { return tea.Batch(textinput.Blink, tea.RequestBackgroundColor) }

func (s *Setup) position() int {
	for i, f := range setupOrder {
		if f == s.focus {
			return i
		}
	}
	return 0
}

func (s *Setup) focusOn(field int) tea.Cmd {
	if s.focus < 3 {
		s.inputs[s.focus].Blur()
	}
	s.focus = field
	if field < 3 {
		return s.inputs[field].Focus()
	}
	return nil
}

func (s *Setup) move(delta int) tea.Cmd {
	return s.focusOn(setupOrder[(s.position()+delta+len(setupOrder))%len(setupOrder)])
}

func (s *Setup) setSource(k KeySource) {
	s.source = k
	in := &s.inputs[2]
	in.EchoMode = textinput.EchoNormal
	switch k {
	case KeyFromEnv:
		in.SetValue("DONATIONS_API_KEY")
		in.Placeholder = "variable name"
	case KeyFromCmd:
		in.SetValue("")
		in.Placeholder = "pass show donations/main"
	case KeyInFile:
		in.SetValue("")
		in.Placeholder = "the API key"
		in.EchoMode = textinput.EchoPassword
	}
}

func (s *Setup) validate() bool {
	s.errs = [5]string{}
	v := func(i int) string { return strings.TrimSpace(s.inputs[i].Value()) }
	if _, err := api.ParseBaseURL(v(0)); err != nil {
		s.errs[0] = err.Error()
	}
	if v(1) == "" {
		s.errs[1] = "the login e-mail or the organization id"
	}
	if v(2) == "" {
		s.errs[2] = "required"
	}
	for _, f := range setupOrder {
		if s.errs[f] != "" {
			s.focusOn(f)
			return false
		}
	}
	return true
}

func (s *Setup) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.w, s.h = msg.Width, msg.Height
		return s, nil
	case tea.BackgroundColorMsg:
		s.restyle(msg.IsDark())
		return s, nil
	case triedMsg:
		return s, s.tried(msg)
	case tea.KeyPressMsg:
		if s.try.running {
			if key.Matches(msg, s.keys.Quit) {
				return s, tea.Quit
			}
			return s, nil // the fields hold still while they are tried
		}
		switch k := s.keys; {
		case key.Matches(msg, k.Quit):
			return s, tea.Quit
		case key.Matches(msg, k.Next):
			return s, s.move(1)
		case key.Matches(msg, k.Prev):
			return s, s.move(-1)
		case key.Matches(msg, k.Accept):
			if s.position() < len(setupOrder)-1 {
				return s, s.move(1)
			}
			if !s.validate() {
				return s, nil
			}
			return s, s.save(SetupResult{Done: true, BaseURL: strings.TrimSpace(s.inputs[0].Value()),
				Username: strings.TrimSpace(s.inputs[1].Value()), KeySource: s.source, KeyValue: strings.TrimSpace(s.inputs[2].Value()),
				NoCache: s.noCache})
		}
		left, right := key.Matches(msg, s.keys.Left), key.Matches(msg, s.keys.Right)
		switch {
		case s.focus == 3 && left:
			s.setSource((s.source + 2) % 3)
		case s.focus == 3 && right:
			s.setSource((s.source + 1) % 3)
		case s.focus == 4 && (left || right):
			s.noCache = !s.noCache
		}
		if s.focus >= 3 {
			return s, nil
		}
	}
	if s.focus < 3 {
		var cmd tea.Cmd
		s.inputs[s.focus], cmd = s.inputs[s.focus].Update(msg)
		return s, cmd
	}
	return s, nil
}

func (s *Setup) View() tea.View {
	st := &s.st
	var b strings.Builder
	b.WriteString(st.Title.Render("donations · first start") + "\n\n")
	b.WriteString("No account is configured yet. Just looking? Press esc and run:\n\n    " + st.Key.Render("donations --demo") + "\n\n")
	intro := "Otherwise fill this in: it is written to " + textsafe.Line(s.path) + " (mode 0600)."
	b.WriteString(lipgloss.NewStyle().Width(max(s.w-2, 20)).Render(intro) + "\n\n")
	row := func(field int, label, body string) {
		marker := "  "
		if s.focus == field {
			marker = st.Key.Render("> ")
		}
		b.WriteString(marker + st.Label.Render(textsafe.Fit(label, 12)) + " " + body + "\n")
		if s.errs[field] != "" {
			b.WriteString(lipgloss.NewStyle().PaddingLeft(15).Width(max(s.w, 30)).Render(st.Error.Render(s.errs[field])) + "\n")
		} else {
			b.WriteString("\n")
		}
	}
	row(0, "Base URL", s.inputs[0].View())
	row(1, "Username", s.inputs[1].View())
	store := "on disk, private (opens at once, offline)"
	if s.noCache {
		store = "in memory only (nothing on disk)"
	}
	row(4, "Local store", s.choice(4, store))
	row(3, "API key from", s.choice(3, keySourceNames[s.source]))
	label := map[KeySource]string{KeyFromEnv: "Variable", KeyFromCmd: "Command", KeyInFile: "API key"}[s.source]
	row(2, label, s.inputs[2].View())
	if t := s.try.view(st, max(s.w-2, 20)); t != "" {
		b.WriteString(t + "\n\n")
	}
	s.help.SetWidth(s.w)
	b.WriteString(s.help.ShortHelpView([]key.Binding{s.keys.Next, s.keys.Prev, s.keys.Accept, s.keys.Quit}))
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}

// choice draws a field chosen with left and right.
func (s *Setup) choice(field int, value string) string {
	c := "‹ " + value + " ›"
	if s.focus != field {
		return c
	}
	return s.st.Key.Render(c) + s.st.Muted.Render("  "+s.keys.Left.Help().Key+"/"+s.keys.Right.Help().Key+" to change")
}
