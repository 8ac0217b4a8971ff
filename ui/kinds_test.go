package ui

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/command"
	"donations/ui/views/detail"
	"donations/ui/views/kinds"
)

// kindsDriver is the browser over a store synced from a demo server of
// shape, the other kinds read with the donations, as `donations sync`
// reads them.
func kindsDriver(t *testing.T, shape apitest.Shape, count, w, h int) (*driver, *api.Client) {
	t.Helper()
	_, c, st := storeAccountOf(t, shape.Of(demo.Options{Count: count}))
	sync := StoreSyncer(dataset.Hold(st), c, dataset.SyncOptions{Concurrency: 4, Kinds: c})
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: sync}, w, h)
	d.settle()
	return d, c
}

var donorbox = apitest.Shapes[1]

// everyKind is every record of T's kind the server lists, read apart from
// the browser.
func everyKind[T api.KindRecord](t *testing.T, c *api.Client) []T {
	t.Helper()
	var all []T
	p := api.NewKindPager[T](c, api.KindQuery{})
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b.Records...)
	}
	return all
}

// : and a kind's name show that kind, named in the header, with every
// record the server lists; :donations and Esc give the list back.
func TestKindPromptSwitchesTheKindShown(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	plans := everyKind[api.Plan](t, c)
	d.keys(":", "plans", "enter")
	if d.m.focus != kinds.ID || d.m.kinds.Kind() != "plans" {
		t.Fatalf("after :plans the keys are with %v showing %q", d.m.focus, d.m.kinds.Kind())
	}
	d.mustShow(":plans", "Plans  "+strconv.Itoa(len(plans))+"  by next ↑", "DONOR", "NEXT", "CAMPAIGN")
	d.keys(":", "campaigns", "enter")
	d.mustShow(":campaigns", "Campaigns  "+strconv.Itoa(len(everyKind[api.Campaign](t, c))), "PROGRESS")
	d.keys(":", "donations", "enter")
	if d.m.focus != listID {
		t.Fatalf(":donations leaves the keys with %v", d.m.focus)
	}
	d.keys(":", "donors", "enter", "esc")
	if d.m.focus != listID {
		t.Fatalf("Esc on the donors leaves the keys with %v", d.m.focus)
	}
	d.mustNotShow(":donors")
}

// Tab completes a kind's name, or as far as the names share, listing
// them; a misspelt name is answered with the one meant and stays; Esc
// cancels, back where the prompt was opened.
func TestKindPromptCompletesAndCorrects(t *testing.T) {
	t.Parallel()
	d, _ := kindsDriver(t, donorbox, 300, 80, 24)
	d.keys(":", "ca", "tab")
	d.mustShow(":campaigns")
	d.keys("esc")
	if d.m.focus != listID {
		t.Fatalf("Esc in the prompt leaves the keys with %v", d.m.focus)
	}
	d.keys(":", "do", "tab")
	d.mustShow(":don", "donations donors")
	d.keys("esc", ":", "plnas", "enter")
	d.mustShow(`no kind plnas (did you mean "plans"?)`)
	if d.m.focus != command.ID {
		t.Fatalf("a misspelt kind leaves the prompt: the keys are with %v", d.m.focus)
	}
	d.keys("esc", ":", "pl", "enter")
	if d.m.kinds.Kind() != "plans" || d.m.focus != kinds.ID {
		t.Fatalf(":pl shows %q with the keys at %v, want the plans", d.m.kinds.Kind(), d.m.focus)
	}
	d.keys(":", "esc")
	if d.m.focus != kinds.ID {
		t.Fatalf("Esc in a prompt opened over the plans gives the keys to %v", d.m.focus)
	}
}

// The spec's server has no plans: the view says so in one line, with the
// 404 it answered, and no error.
func TestKindTheServerDoesNotHave(t *testing.T) {
	t.Parallel()
	d, _ := kindsDriver(t, apitest.Shapes[0], 300, 80, 24)
	d.keys(":", "plans", "enter")
	d.mustShow("this server has no plans (it answered 404 to /api/v1/plans)")
	d.mustNotShow("⚠", "Plans  0")
}

// Before a sync has read a kind, the view says it is not read yet.
func TestKindNotReadYet(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccountOf(t, donorbox.Of(demo.Options{Count: 300}))
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st)}, 80, 24)
	d.keys(":", "campaigns", "enter")
	d.mustShow("no campaigns read yet", "donations sync")
	d.mustNotShow("⚠")
}

// A campaign's progress toward its goal is a bar and a percent, the
// percent its total raised over its goal.
func TestCampaignProgressIsABarAndAPercent(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	d.keys(":", "campaigns", "enter")
	for _, cp := range everyKind[api.Campaign](t, c) {
		goal, _ := cp.GoalAmount.Decimal()
		raised, _ := cp.TotalRaised.Decimal()
		g, _ := goal.Scaled(2)
		r, _ := raised.Scaled(2)
		if g <= 0 {
			continue
		}
		pct := strconv.FormatInt(r*100/g, 10) + "%"
		found := false
		for _, l := range lines(d.screen()) {
			if strings.Contains(l, cp.Name.Value) && strings.Contains(l, pct) && strings.ContainsAny(l, "█░") {
				found = true
			}
		}
		if !found {
			t.Errorf("campaign %q: no row with a bar and %s:\n%s", cp.Name.Value, pct, d.screen())
		}
	}
}

// From a gift's detail, P shows its plan's detail and C its campaign's.
func TestAGiftJumpsToItsPlanAndCampaign(t *testing.T) {
	t.Parallel()
	d, _ := kindsDriver(t, donorbox, 300, 120, 35)
	q, errs := d.m.data.q.With("recurring", "yes", d.m.ctx.Now())
	if errs != nil {
		t.Fatal(errs)
	}
	d.run(d.m.request(uictx.AskMsg{Question: q}))
	d.settle()
	d.keys("enter")
	if d.m.focus != detail.ID {
		t.Fatalf("enter on a recurring gift: the keys are with %v", d.m.focus)
	}
	gift, err := d.m.list.selectedRow().Summary.Full()
	if err != nil || !gift.PlanID.Valid {
		t.Fatalf("the gift has no plan id: %v", err)
	}
	d.keys("P")
	d.mustShow(":plans", "Plans", "Id", "Next gift", "id "+uictx.Itoa(gift.PlanID.Value))
	if d.m.focus != kinds.ID || d.m.kinds.Kind() != "plans" {
		t.Fatalf("P leaves the keys with %v showing %q", d.m.focus, d.m.kinds.Kind())
	}
	d.keys("esc", "esc", "enter", "C")
	d.mustShow(":campaigns", "Progress", "id "+uictx.Itoa(gift.CampaignID.Value))
}

// From a donor, D lists their gifts in the donations' list (their e-mail
// the filter) and P their plans; from a plan, D its gifts: exactly the
// donations the server sends with its id as their plan_id.
func TestADonorAndAPlanJumpToTheirGifts(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	plans := everyKind[api.Plan](t, c)
	email := plans[0].Donor.Email.Value
	d.keys(":", "donors", "enter", "/", email, "enter")
	d.mustShow("search=" + email)
	d.keys("P")
	want := 0
	for _, p := range plans {
		if strings.EqualFold(p.Donor.Email.Value, email) {
			want++
		}
	}
	d.mustShow(":plans", "Plans  "+strconv.Itoa(want)+" of "+strconv.Itoa(len(plans)), "email="+email)
	d.keys("D")
	if d.m.focus != listID {
		t.Fatalf("D on a plan leaves the keys with %v", d.m.focus)
	}
	got := d.m.data.q.Texts
	plan, err := strconv.ParseInt(got["plan_id"], 10, 64)
	if err != nil || len(got) != 1 || !slices.ContainsFunc(plans, func(p api.Plan) bool {
		return p.ID.Value == plan && strings.EqualFold(p.Donor.Email.Value, email)
	}) {
		t.Fatalf("D on one of %s's plans asked %v", email, got)
	}
	var shown []int64
	for _, r := range d.shownRows() {
		shown = append(shown, r.Summary.ID.Value)
	}
	if wantIDs := planGifts(t, c, plan); len(wantIDs) == 0 || !slices.Equal(sorted(shown), wantIDs) {
		t.Fatalf("plan %d's gifts show %v, the server's donations with that plan_id are %v", plan, shown, wantIDs)
	}
	d.mustShow("plan_id=" + strconv.FormatInt(plan, 10))
	d.keys(":", "donors", "enter", "/", email, "enter", "D")
	if d.m.focus != listID || d.m.data.q.Texts["email"] != email {
		t.Fatalf("D on a donor: keys with %v, question %v", d.m.focus, d.m.data.q.Texts)
	}
}

// planGifts are the ids of the donations the server lists with plan_id
// plan, in order: read apart from the browser, over HTTP.
func planGifts(t *testing.T, c *api.Client, plan int64) []int64 {
	t.Helper()
	var ids []int64
	p := c.Pager(api.Query{}, api.OldestFirst)
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range b.Donations {
			if x.PlanID.Valid && x.PlanID.Value == plan {
				ids = append(ids, x.ID.Value)
			}
		}
	}
	return sorted(ids)
}

func sorted(ids []int64) []int64 {
	slices.Sort(ids)
	return ids
}

// The kinds' screens on the deterministic demo data, colours stripped;
// refresh with `go test ./ui -run TestKindGoldenScreens -update` and read
// the diff.
func TestKindGoldenScreens(t *testing.T) {
	// As the other golden screens: compared in the first run; under -race
	// the tests below drive the same views over the same account.
	skipShort(t)
	t.Parallel()
	runGoldenWalks(t, []goldenScreen{
		{"plans_80x24", 80, 24, []string{":", "plans", "enter"}},
		{"plans_120x35", 120, 35, []string{":", "plans", "enter"}},
		{"campaigns_80x24", 80, 24, []string{":", "campaigns", "enter"}},
		{"campaigns_120x35", 120, 35, []string{":", "campaigns", "enter"}},
		{"plan_detail_80x24", 80, 24, []string{":", "plans", "enter", "j", "enter"}},
		{"plan_detail_120x35", 120, 35, []string{":", "plans", "enter", "j", "enter"}},
		{"prompt_over_plans_80x24", 80, 24, []string{":", "plans", "enter", ":", "do", "tab"}},
	}, func(t *testing.T, w, h int) *driver {
		d, _ := kindsDriver(t, donorbox, 300, w, h)
		return d
	}, screenIsGolden)
}

// Esc goes back along the jumps, each screen as it was, then to the
// donations' list.
func TestEscGoesBackAlongTheJumps(t *testing.T) {
	t.Parallel()
	d, _ := kindsDriver(t, donorbox, 300, 80, 24)
	d.keys(":", "plans", "enter", "s", "j", "j", "C")
	d.mustShow(":campaigns", "Progress")
	d.keys("esc")
	d.mustShow(":campaigns", "PROGRESS")
	d.keys("esc")
	if d.m.kinds.Kind() != "plans" {
		t.Fatalf("Esc from the campaigns a plan jumped to shows %q", d.m.kinds.Kind())
	}
	d.mustShow("Plans  50  by amount ↓")
	d.keys("esc")
	if d.m.focus != listID {
		t.Fatalf("the last Esc leaves the keys with %v", d.m.focus)
	}
}

// At 80 columns every kind's key line keeps ? (all keys) and q, as the
// donations list's does: the bindings that do not fit are the least
// needed, dropped whole.
func TestKindKeyLineKeepsHelpAt80(t *testing.T) {
	t.Parallel()
	d, _ := kindsDriver(t, donorbox, 300, 80, 24)
	for _, kind := range []string{"plans", "campaigns", "donors", "events", "tickets", "purchases"} {
		d.keys(":", kind, "enter")
		ls := lines(d.screen())
		keys := ls[len(ls)-1]
		if !strings.Contains(keys, "? all keys") || !strings.Contains(keys, "q quit") || textsafe.Width(keys) > 80 {
			t.Errorf("%s: key line %q", kind, keys)
		}
	}
}
