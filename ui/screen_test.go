package ui

import (
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api/demo"
	"donations/textsafe"
)

// The screen as a whole: sizes, time zones, colours and the mouse.

func TestUTCToggle(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	d.m.ctx.Zone = time.FixedZone("UTC+2", 2*3600)
	local := d.screen()
	d.keys("t")
	utc := d.screen()
	if local == utc || !strings.Contains(utc, "· UTC") {
		t.Error("t did not switch the dates to UTC")
	}
}

func TestTooSmallTerminalSaysSo(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 50, 10)
	d.mustShow("needs at least 60×12")
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.mustShow("DATE")
}

func TestEveryLineFitsTheTerminal(t *testing.T) {
	t.Parallel()
	skipShort(t)
	src, _ := demoSource(t, demo.Options{Count: wideCount})
	// One browser, the terminal resized to each size over the help the
	// size before left open: Esc gives the list at the new size.
	d := newDriver(t, src, 80, 24)
	first := []string{}
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 35}, {200, 50}} {
		d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for _, keys := range [][]string{first, {"enter"}, {"esc", "r"}, {"esc", "f"}, {"esc", "?"}} {
			d.keys(keys...)
			ls := lines(d.screen())
			if len(ls) > size[1] {
				t.Errorf("%dx%d after %v: %d lines", size[0], size[1], keys, len(ls))
			}
			for _, l := range ls {
				if w := textsafe.Width(l); w > size[0] {
					t.Errorf("%dx%d after %v: a line of %d cells: %q", size[0], size[1], keys, w, l)
				}
			}
		}
		first = []string{"esc"}
	}
}

func TestMouseWheelAndClick(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 100, 30)
	d.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	d.send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if d.m.list.cursor != 6 {
		t.Errorf("two wheel turns moved to %d, want 6", d.m.list.cursor)
	}
	d.send(tea.MouseClickMsg{X: 10, Y: d.m.ctx.Layout.ListTop + 1 + 4, Button: tea.MouseLeft})
	if d.m.list.cursor != d.m.list.offset+4 {
		t.Errorf("a click on the fifth row selected %d", d.m.list.cursor)
	}
}

func TestStylesFollowTheBackground(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	dark := d.m.View().Content
	d.send(tea.BackgroundColorMsg{Color: color.White})
	light := d.m.View().Content
	if dark == light {
		t.Error("a light background changed nothing")
	}
	if ansi.Strip(dark) != ansi.Strip(light) {
		t.Error("the background changed the text, not only its colours")
	}
}

// A view that has the keys follows a resize: every line still fits.
func TestResizeWhileAViewIsOpen(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	for _, open := range [][]string{{"r"}, {"enter"}, {"f"}, {"?"}, {"/", "a"}} {
		d := newDriver(t, src, 140, 40)
		d.keys(open...)
		d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		ls := lines(d.screen())
		if len(ls) > 24 {
			t.Errorf("after %v and a resize: %d lines", open, len(ls))
		}
		for _, l := range ls {
			if w := textsafe.Width(l); w > 80 {
				t.Errorf("after %v and a resize: a line of %d cells: %q", open, w, l)
			}
		}
	}
}
