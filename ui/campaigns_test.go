package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/views/donors"
	"donations/ui/views/insights"
)

// Insights break the counted gifts down by campaign when the server names
// them: every counted gift is in one campaign's bar, and the
// bars are there only when some gift names one.
func TestInsightsBreakDownByCampaign(t *testing.T) {
	t.Parallel()
	// The race run (-short) reads Donorbox's, whose gifts name campaigns.
	for _, shape := range apitest.Raced([]string{demo.ShapeDonorbox, demo.ShapeSpec}, 0) {
		src, _ := demoSource(t, demo.Options{Shape: shape})
		d := newDriver(t, src, 120, 35)
		d.keys("G", "i")
		v := d.m.children[insights.ID].(*insights.View)
		_, inCampaigns := insights.SumOf(v.Facts().Campaigns, "")
		_, counted := insights.SumOf(v.Facts().Periods, "")
		if shape == demo.ShapeDonorbox && (!insights.Named(v.Facts().Campaigns) || inCampaigns != counted || counted == 0) {
			t.Fatalf("%v: %d gifts by campaign of %d counted (named: %v)", shape, inCampaigns, counted, insights.Named(v.Facts().Campaigns))
		}
		if drawn := strings.Contains(ansi.Strip(v.Draw(116)), "By campaign"); drawn != insights.Named(v.Facts().Campaigns) {
			t.Errorf("%v: By campaign drawn %v, some gift names a campaign %v", shape, drawn, insights.Named(v.Facts().Campaigns))
		}
	}
}

// The donor view says which campaigns the selected donor gave to: the
// campaigns of their paid gifts, as the server sent them, with as many
// gifts each.
func TestDonorViewSaysWhereTheyGave(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "d", "j")
	v := d.m.children[donors.ID].(*donors.View)
	who := v.Rows()[1]
	want := map[string]int{}
	for _, g := range apitest.Every(t, demoClient(t, srv)) {
		if strings.EqualFold(g.Email.Value, who.Email) && g.Status.Value == "paid" {
			want[g.CampaignName.Value]++
		}
	}
	got := map[string]int{}
	for _, g := range v.Gave() {
		got[g.Key[0]] += g.Count
	}
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("%s gave to %v; the server's paid gifts say %v", who.Email, got, want)
	}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("%s: %d gifts to %q, the server's say %d", who.Email, got[name], name, n)
		}
	}
	d.mustShow("Gave to " + v.Gave()[0].Key[0])
}

// Nothing is cut at 80×24 where campaigns show (TestNoNumberCutAt80 over
// the Donorbox shape). Each walk of keys checks the screen after each step:
// a step's screen is the one a new browser given the keys so far shows.
// Esc after a walk gives the list back as G left it, so one browser takes
// both walks.
func TestNoNumberCutAt80WithCampaigns(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 80, 24)
	for i, walk := range [][][]string{{{"G", "d"}, {"j", "j"}}, {{"G", "i"}, {"G"}}} {
		if i > 0 {
			d.keys("esc")
		}
		var keys []string
		for _, step := range walk {
			d.keys(step...)
			keys = append(keys, step...)
			screen := d.screen()
			if keys[1] == "d" && !strings.Contains(screen, "Gave to ") {
				t.Errorf("%v: the selected donor's campaigns are not shown:\n%s", keys, screen)
			}
			for _, l := range lines(screen) {
				if cutNumber.MatchString(l) || ansi.StringWidth(l) > 80 {
					t.Errorf("%v: a number cut in %q:\n%s", keys, l, screen)
				}
			}
			if len(keys) != 2 || keys[1] != "i" {
				continue
			}
			v := d.m.children[insights.ID].(*insights.View)
			for _, l := range strings.Split(v.Draw(76), "\n") {
				if ansi.StringWidth(l) > 76 || cutNumber.MatchString(l) {
					t.Errorf("insights line of %d cells: %q", ansi.StringWidth(l), l)
				}
			}
		}
	}
}
