package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/apitest"
	"donations/ask"
	"donations/dataset"
	"donations/ui/uictx"
)

// A new question's totals take a while (a first sync waiting on the rate
// budget holds them back for seconds): until they are in, the footer says
// it is counting and never shows the previous question's figure.
func TestTheFooterCountsRatherThanShowAnOldTotal(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 450)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	before := d.m.totalsLine()
	d.mustShow("Σ raised ≈ USD")
	q, err := d.m.data.q.With("status", "refunded", d.m.ctx.Now())
	if err != nil {
		t.Fatal(err)
	}
	d.run(d.m.list.ask(q))
	if got := d.m.totalsLine(); got == before {
		t.Fatalf("under a new question the footer still says %q", got)
	}
	d.mustShow("Σ counting…")
	d.send(tea.WindowSizeMsg{Width: 120, Height: 35}) // a frame: the root asks what the screen lacks
	d.mustNotShow("counting…")
	d.mustShow("Σ counted ≈ USD")
}

// The footer's headline is what a fundraiser reports: the paid gifts
// (a refunded gift is not paid), with the refunded money and the other
// statuses beside it in words, not counted.
func TestTheFooterHeadlineIsThePaidGifts(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 450)
	all := apitest.Every(t, c)
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 160, 35)
	d.settle()
	now := d.m.ctx.Now()
	paid, _ := ask.Read(ask.Texts{"status": "paid"}, now)
	refunded, _ := ask.Read(ask.Texts{"status": "refunded"}, now)
	whole := wholeStore(t, all)
	raised, back := wholeSums(t, whole, paid), wholeSums(t, whole, refunded)
	if raised.count == 0 || back.count == 0 || raised.count == len(all) {
		t.Fatalf("pick an account with paid, refunded and other gifts: %d paid, %d refunded of %d", raised.count, back.count, len(all))
	}
	d.mustShow("Σ raised ≈ USD "+uictx.Grouped(raised.usd.String())+" · ", "│  +USD "+uictx.Grouped(back.usd.String())+" refunded · ", ", not counted")
}
