package ui

import (
	"bytes"
	"image/color"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/ui/views/detail"
)

// Golden screens on the deterministic demo data, colours stripped; refresh
// with `go test ./ui -update` and read the diff before committing it.
func TestGoldenScreens(t *testing.T) {
	skipShort(t)
	t.Parallel()
	cases := []goldenScreen{
		{"list", 100, 30, nil},
		{"list_80x24", 80, 24, nil},
		{"detail_beside_list", 140, 40, []string{"j", "j"}},
		{"detail_full_screen", 100, 40, []string{"j", "j", "enter"}},
		{"filter_validation_error", 100, 24, []string{"f", "ada", "tab", "tab", "tab", "-5", "enter"}},
		{"raw_view", 100, 40, []string{"j", "j", "r"}},
		{"oldest_first", 100, 30, []string{"o"}},
		{"help", 100, 30, []string{"?"}},
		{"help_80x24", 80, 24, []string{"?"}},
		{"detail_80x24", 80, 24, []string{"j", "enter"}},
		{"filter_60x12_last_field", 60, 12, []string{"f", "tab", "tab", "tab", "tab", "12"}},
		{"list_120x35", 120, 35, nil},
		{"detail_next_120x35", 120, 35, []string{"enter", "n", "n"}},
		{"pane_hidden_120x35", 120, 35, []string{"v"}},
		{"list_160x40", 160, 40, nil},
		{"filter_local_120x35", 120, 35, []string{"f", "tab", "tab", "tab", "tab", "tab", "30d", "tab", "paid", "tab", "100.."}},
		{"filtered_locally_120x35", 120, 35, []string{"G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "refunded", "tab", "100..", "enter"}},
		{"sort_prompt_80x24", 80, 24, []string{"s"}},
		{"sorted_by_amount_120x35", 120, 35, []string{"G", "s", "a"}},
		{"search_80x24", 80, 24, []string{"G", "/", "zoe lef"}},
		{"export_prompt_80x24", 80, 24, []string{"/", "mar", "enter", "e"}},
		{"donors_80x24", 80, 24, []string{"G", "d"}},
		{"donors_120x35", 120, 35, []string{"G", "d", "n"}},
		{"insights_80x24", 80, 24, []string{"G", "i"}},
		{"raw_found_120x35", 120, 35, []string{"r", "/", "status", "enter"}},
		{"insights_120x35", 120, 35, []string{"G", "i", "pgdown"}},
		{"filter_dates_80x24", 80, 24, []string{"f", "tab", "tab", "tab", "tab", "tab"}},
		{"filter_dates_120x35", 120, 35, []string{"f", "tab", "tab", "tab", "tab", "tab"}},
		{"search_empty_80x24", 80, 24, []string{"/"}},
		{"search_empty_120x35", 120, 35, []string{"/"}},
	}
	runGoldenWalks(t, cases, goldenDriver, screenIsGolden)
}

// The same screens in colour, on a dark and on a light terminal: the
// escape sequences are kept (shown as ␛) so a colour that changes shows.
// One browser shows each screen in both: the terminal's background, as
// its size, is told by a message, and the browser draws with what the last
// one said.
func TestGoldenColours(t *testing.T) {
	skipShort(t)
	t.Parallel()
	backgrounds := []struct {
		name string
		msg  tea.BackgroundColorMsg
	}{{"dark", tea.BackgroundColorMsg{Color: color.Black}}, {"light", tea.BackgroundColorMsg{Color: color.White}}}
	cases := []goldenScreen{
		{"list_80x24", 80, 24, nil},
		{"list_120x35", 120, 35, []string{"j"}},
		{"filtered_120x35", 120, 35, []string{"f", "ada.lovelace@example.org", "tab", "tab", "tab", "tab", "tab", "tab", "paid", "enter"}},
		{"donors_120x35", 120, 35, []string{"d"}},
		{"insights_80x24", 80, 24, []string{"i"}},
		{"raw_80x24", 80, 24, []string{"r", "/", "amount", "enter"}},
		{"filter_dates_80x24", 80, 24, []string{"f", "tab", "tab", "tab", "tab", "tab"}},
		{"search_empty_120x35", 120, 35, []string{"/"}},
		{"help_120x35", 120, 35, []string{"?"}},
		{"detail_80x24", 80, 24, []string{"enter"}},
	}
	runGoldenWalks(t, cases, goldenDriver, func(t *testing.T, d *driver, name string) {
		dir, screen := path.Split(name)
		for _, bg := range backgrounds {
			d.send(bg.msg)
			golden.RequireEqual(goldenOf{t, dir + bg.name + "_" + screen}, strings.ReplaceAll(stable(d.m.View().Content), "\x1b", "␛"))
		}
	})
}

// goldenDriver is a browser of w×h over the golden screens' account.
func goldenDriver(t *testing.T, w, h int) *driver {
	src, _ := demoSource(t, demo.Options{Count: wideCount})
	return newDriver(t, src, w, h)
}

// screenIsGolden checks d's screen, colours stripped, against the golden
// file of that name.
func screenIsGolden(t *testing.T, d *driver, name string) {
	golden.RequireEqual(goldenOf{t, name}, stable(d.screen()))
}

// runGoldenWalks checks the screens of t's golden files, each walk of
// goldenWalks in a subtest of its own, on a browser newDriver gives: check
// is given the golden file's name, the test's and the screen's.
func runGoldenWalks(t *testing.T, screens []goldenScreen, newDriver func(t *testing.T, w, h int) *driver, check func(t *testing.T, d *driver, name string)) {
	name := t.Name()
	for _, walk := range goldenWalks(screens) {
		t.Run(walk[0].name, func(t *testing.T) {
			t.Parallel()
			d := newDriver(t, walk[0].w, walk[0].h)
			d.walk(walk, func(g goldenScreen) { check(t, d, name+"/"+g.name) })
		})
	}
}

// goldenScreen is the screen of a golden file: a browser of w×h given keys.
type goldenScreen struct {
	name string
	w, h int
	keys []string
}

// goldenWalks puts each screen after one whose keys begin its own, of the
// same size or of the very same keys, so that one browser shows both: the
// screen after the keys so far is the one a new browser given them shows,
// as Bubble Tea draws the screen after every key too, and the same keys'
// screen at another size is the one the terminal resized to it shows. One
// account is loaded per walk; the screens of fewer keys are placed first,
// so that more follow them.
func goldenWalks(screens []goldenScreen) [][]goldenScreen {
	screens = slices.Clone(screens)
	slices.SortStableFunc(screens, func(a, b goldenScreen) int { return len(a.keys) - len(b.keys) })
	var walks [][]goldenScreen
	for _, s := range screens {
		i := slices.IndexFunc(walks, func(w []goldenScreen) bool {
			last := w[len(w)-1]
			if slices.Equal(last.keys, s.keys) {
				return true
			}
			return last.w == s.w && last.h == s.h && len(last.keys) < len(s.keys) && slices.Equal(last.keys, s.keys[:len(last.keys)])
		})
		if i < 0 {
			walks = append(walks, []goldenScreen{s})
			continue
		}
		walks[i] = append(walks[i], s)
	}
	return walks
}

// walk drives d through the screens of one of goldenWalks' walks, the
// terminal resized where a screen's size is not the last one's, and
// checks each.
func (d *driver) walk(walk []goldenScreen, check func(goldenScreen)) {
	d.t.Helper()
	var keys []string
	w, h := walk[0].w, walk[0].h
	for _, g := range walk {
		if g.w != w || g.h != h {
			w, h = g.w, g.h
			d.send(tea.WindowSizeMsg{Width: w, Height: h})
		}
		d.keys(g.keys[len(keys):]...)
		keys = g.keys
		check(g)
	}
}

func TestGoldenErrorScreen(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{APIKey: "another-key"})
	d := newDriver(t, src, 80, 24)
	golden.RequireEqual(t, stable(d.screen()))
}

// The whole program under Bubble Tea: type a filter, let the page arrive,
// open the gift and quit.
func TestProgramFlow(t *testing.T) {
	t.Parallel()
	// Three pages, and waits long enough for a machine busy with other
	// packages' tests: the waits bound a hang, they time nothing.
	src, srv := demoSource(t, demo.Options{Count: 300})
	m := New(src, Options{Account: "demo", Location: time.UTC})
	// At 24 lines the donor's newest gift (the 34th newest) is below the
	// first screen: their row shows only once the filter is in.
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 24))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("300 donations")) },
		teatest.WithDuration(2*time.Minute))
	tm.Send(tea.KeyPressMsg{Code: 'f', Text: "f"})
	tm.Type("jose.nunez@example.es")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	want := srv.Match(demo.Filter{Email: "jose.nunez@example.es"})
	// The chip shows at once; Enter opens a gift once the page is stored.
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		// The list's rows cut the e-mail short; the chip shows it whole.
		return bytes.Contains(b, []byte("email=jose.nunez@example.es")) && bytes.Contains(b, []byte("jose.nunez@exam…"))
	}, teatest.WithDuration(2*time.Minute))
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Send(tea.KeyPressMsg{Code: 'q', Text: "q"})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(time.Minute)).(*Model)
	if final.data.q.Query != (api.Query{Email: "jose.nunez@example.es"}) || final.data.Len() != len(want) {
		t.Errorf("final query %+v with %d rows, want %d", final.data.q.Query, final.data.Len(), len(want))
	}
	if final.focus != detail.ID {
		t.Errorf("final mode %v, want the detail opened by enter", final.focus)
	}
}

// goldenOf is t under the name of the golden file a screen is checked
// against, where one browser shows the screens of several of them.
type goldenOf struct {
	testing.TB
	name string
}

func (g goldenOf) Name() string { return g.name }
