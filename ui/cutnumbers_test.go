package ui

import (
	"regexp"
	"strings"
	"testing"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
	"donations/ui/views/insights"
)

// cutNumber is a figure cut short: a number (a word of digits, not the
// digits of a cut e-mail like "mary.kim237…") beside the "…" that ends a
// cut text, or a currency whose amount was cut ("USD…").
var cutNumber = regexp.MustCompile(`(^|[^\pL\d._@-])[\d,.]*\d…|…[\d,.]*\d|\b[A-Z]{3} ?…`)

// A number is never cut at 80 columns, in any view: each
// screen is scanned for a number next to "…". (The edge of a viewport cuts
// with no "…": TestInsightsLinesFit checks what insights draws fits.)
// Each walk goes on from the screen before it, which is the screen a new
// browser given the keys so far shows; Esc after each walk gives the list
// back as a new browser shows it, so one browser, one account loaded,
// takes every walk in turn.
func TestNoNumberCutAt80(t *testing.T) {
	skipShort(t)
	t.Parallel()
	type screen struct {
		name string
		keys []string
	}
	src, _ := demoSource(t, demo.Options{Count: wideCount})
	d := newDriver(t, src, 80, 24)
	for i, walk := range [][]screen{
		{{"list", nil}},
		{{"detail", []string{"enter"}}},
		{{"raw", []string{"r"}}},
		{{"request log", []string{"l"}}},
		{{"help", []string{"?"}}},
		{{"filter form", []string{"f"}}},
		{{"donors", []string{"d"}}, {"donors by count", []string{"c"}}},
		{{"live", []string{"L"}}},
		{{"insights", []string{"i"}}, {"insights, bottom", []string{"G"}}},
		{{"insights by day", []string{"i", "d", "G"}}},
		{{"report pages", []string{"i", "tab"}}, {"report pages 2", []string{"tab"}}, {"report pages 3", []string{"tab"}}},
		{{"list, last page", []string{"G"}}}, // last: G leaves the list there
	} {
		if i > 0 {
			d.keys("esc")
		}
		for _, step := range walk {
			d.keys(step.keys...)
			screen := d.screen()
			for _, l := range lines(screen) {
				if cutNumber.MatchString(l) {
					t.Errorf("%s: a number cut in %q:\n%s", step.name, l, screen)
				}
			}
		}
	}
}

// What insights draws fits the screen, line by line: its viewport would
// cut the rest at the edge with no "…" (the median, a top donor's total).
func TestInsightsLinesFit(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			src, _ := demoSource(t, sh.Of(demo.Options{}))
			d := newDriver(t, src, 80, 24)
			d.keys("G", "i")
			v := d.m.children[insights.ID].(*insights.View)
			for _, w := range []int{76, 60} {
				for _, l := range strings.Split(v.Draw(w), "\n") {
					if textsafe.Width(l) > w || cutNumber.MatchString(l) {
						t.Errorf("width %d: line of %d cells: %q", w, textsafe.Width(l), l)
					}
				}
			}
		})
	}
}
