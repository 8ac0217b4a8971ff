package ui

import (
	"context"
	"encoding/csv"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
	"donations/ui/views/detail"
	"donations/ui/views/filter"
	listview "donations/ui/views/list"
)

// A walk through the API loads every page of its question by itself, and
// until it has, every number says it is partial; then G lands on the last.
func TestAWalkLoadsEveryPageAndSaysPartialUntilThen(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 250, Latency: 20 * time.Millisecond})
	d := newDriverLoading(t, src, 100, 30)
	d.m.Update(listview.AnsweredMsg{}) // a frame between pages
	if !strings.Contains(d.screen(), "partial: 50 loaded · loading") {
		t.Errorf("while loading, the header does not say partial:\n%s", d.screen())
	}
	d.settle()
	d.mustShow("250 donations", "newest first")
	d.mustNotShow("partial")
	d.keys("G")
	if d.m.list.cursor != 249 {
		t.Errorf("G left the cursor at %d, want the last row 249", d.m.list.cursor)
	}
	d.keys("g")
	if d.m.list.cursor != 0 || d.m.list.offset != 0 {
		t.Errorf("g: cursor %d offset %d", d.m.list.cursor, d.m.list.offset)
	}
}

func TestFilterFormFindsADonorByEmail(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{})
	d := newDriver(t, src, 100, 30)
	d.keys("f", "ada.lovelace@example.org", "enter")
	want := srv.Match(demo.Filter{Email: "ada.lovelace@example.org"})
	if d.m.data.loaded != len(want) {
		t.Fatalf("%d rows, want %d", d.m.data.loaded, len(want))
	}
	for _, r := range d.shownRows() {
		if r.Summary.Email.Value != "ada.lovelace@example.org" {
			t.Fatalf("row for %s", r.Summary.Email.Value)
		}
	}
	d.mustShow("email=ada.lovelace@example.org", textsafe.Count(len(want), "donation"), "email: sent to the server")
	d.keys("x")
	d.mustNotShow("email=")
	d.mustShow(textsafe.Count(testCount, "donation"))
}

func TestFilterFormValidatesAndCancels(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	d.keys("f", "tab", "tab", "tab", "abc", "enter")
	if d.m.focus != filter.ID {
		t.Fatal("an invalid campaign id was applied")
	}
	d.mustShow("is not a whole number above 0")
	d.keys("backspace", "backspace", "backspace", "101", "shift+tab", "shift+tab", "shift+tab", "nobody", "enter")
	d.mustShow("an e-mail address looks like name@example.org")
	d.keys("esc")
	if d.m.focus != listID || d.m.data.q.Filtered() {
		t.Errorf("esc: mode %v, query %+v", d.m.focus, d.m.data.q.Query)
	}
}

func TestFilterCombinesFields(t *testing.T) {
	t.Parallel()
	// José Núñez gave to campaign 101 five times in five pages as in
	// fifteen: the filters narrow five pages as they narrow more.
	src, srv := demoSource(t, demo.Options{Count: 500})
	d := newDriver(t, src, 100, 30)
	d.keys("f", "tab", "José", "tab", "Núñez", "tab", "101", "enter")
	want := srv.Match(demo.Filter{FirstName: "José", LastName: "Núñez", CampaignID: 101})
	if len(want) == 0 || d.m.data.loaded != len(want) {
		t.Fatalf("%d rows, want %d", d.m.data.loaded, len(want))
	}
	d.mustShow("first_name=José", "last_name=Núñez", "campaign_id=101")
}

func TestQuickSearchIgnoresCaseAndAccents(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 120, 30)
	d.keys("G", "/", "ZOE LEFEVRE")
	if d.m.data.Len() == 0 {
		t.Fatal("no match for ZOE LEFEVRE")
	}
	for _, r := range d.shownRows() {
		// The search reads the tribute too: a gift in Zoë's memory is found,
		// and one in Jérôme Lefèvre's told to Zoë Moreau (each word is found).
		if folded := store.Fold(string(r.Summary.Raw)); r.Summary.DonorName() != "Zoë Lefèvre" && !(strings.Contains(folded, "zoe") && strings.Contains(folded, "lefevre")) {
			t.Fatalf("matched %q", r.Summary.DonorName())
		}
	}
	d.mustShow("Zoë Lefèvre", fmt.Sprintf("%d of %s loaded", d.m.data.Len(), textsafe.Thousands(strconv.Itoa(testCount))))
	d.keys("enter")
	if d.m.focus != listID || d.m.data.q.Filter.Search == "" {
		t.Fatal("enter should keep the search and return to the list")
	}
	d.keys("esc")
	if d.m.data.q.Filter.Search != "" || d.m.data.Len() != testCount {
		t.Errorf("esc did not clear the search")
	}
}

func TestQuickSearchByIDAndAmount(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 100})
	d := newDriver(t, src, 100, 30)
	target := d.m.data.At(42).Summary
	d.keys("/", uictx.Itoa(target.ID.Value))
	if d.m.data.Len() != 1 || d.m.list.selectedRow() == nil || d.m.list.selectedRow().Summary.ID != target.ID {
		t.Errorf("searching the id found %d rows", d.m.data.Len())
	}
}

// The browser opens on the newest end: the most recent gifts come first,
// after a few requests to find the last page.
func TestNewestFirstShowsTheMostRecentAtOnce(t *testing.T) {
	t.Parallel()
	// The requests grow with the log of the pages: 200 pages, in both
	// runs. They are pages of 10: what the bound counts is pages, and the
	// first screen's newest gift is on the last page at any page size.
	const pages, per = 200, 10
	src, srv := demoSource(t, demo.Options{Count: pages * per, Latency: 5 * time.Millisecond})
	d := newDriverLoadingPages(t, src, per, 100, 30)
	if n := srv.Requests(); n > 2*bits.Len(uint(pages))+2 {
		t.Errorf("newest first took %d requests for %d pages", n, pages)
	}
	d.until(func() bool { return d.m.data.Len() > 0 })
	all := srv.Match(demo.Filter{})
	if got := d.m.data.At(0).Summary.ID.Value; got != all[len(all)-1] {
		t.Errorf("first row id %d, want the newest %d", got, all[len(all)-1])
	}
	d.send(tea.KeyPressMsg{Code: tea.KeyEscape})
	d.mustShow("newest first", "2026-10-31")
}

// detailTarget finds a loaded gift with a tribute and answered questions.
func detailTarget(t *testing.T, d *driver) int {
	for i := range d.m.data.Len() {
		r := full(t, d.m.data.At(i))
		if r.Honor != nil && r.Honor.RecipientName.Value != "" && len(r.Questions) >= 2 && r.UTMSource.Value != "" {
			return i
		}
	}
	t.Fatal("no gift with a tribute, questions and UTM values in the demo data")
	return 0
}

func TestDetailShowsEverySection(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{})
	d := newDriver(t, src, 100, 80)
	i := detailTarget(t, d)
	d.m.list.moveTo(i)
	d.keys("enter")
	if d.m.focus != detail.ID {
		t.Fatal("enter did not open the detail")
	}
	g := full(t, d.m.data.At(i))
	d.mustShow("Donor", "Gift", "Fees", "Questions", "Tribute", "Attribution",
		g.Email.Value, g.PaymentChargeID.Value, g.Honor.HonoreeName.Value, g.Honor.RecipientName.Value,
		g.Questions[0].Question.Value, "utm_source", g.UTMSource.Value, "Net")
	d.keys("esc")
	if d.m.focus != listID {
		t.Error("esc did not return to the list")
	}
}

func TestDetailSitsBesideTheListWhenWide(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 50})
	d := newDriver(t, src, 140, 40)
	first := d.m.data.At(0).Summary
	d.mustShow("│Donor", first.Email.Value)
	d.keys("j")
	d.mustShow(full(t, d.m.data.At(1)).PaymentChargeID.Value)
}

func TestRawViewShowsTheRecordAndItsRequest(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 50, Drift: true})
	d := newDriverWith(t, src, oldestFirst(), 100, 60)
	d.keys("j", "j", "j", "r") // row 3 of a drifting server carries unknown fields
	d.mustShow("GET http://127.0.0.1:", "/api/v1/donations?page=1", "HTTP 200", `"gift_aid": true`, `"campaign": {`)
	d.keys("esc")
	if d.m.focus != listID {
		t.Error("esc did not leave the raw view")
	}
}

func TestCopyUsesTheTerminalClipboard(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	email := d.m.data.At(0).Summary.Email.Value
	d.keys("y")
	_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'e', Text: "e"})
	d.mustShow("Sent e-mail " + email)
	// tea.SetClipboard's message is the text itself, sent as OSC 52.
	if cmd == nil || fmt.Sprint(cmd()) != email {
		t.Errorf("no clipboard command with %q", email)
	}
}

func TestFailedPageKeepsRowsAndRetries(t *testing.T) {
	t.Parallel()
	// Page 2 fails twice (the client's two attempts); R asks again.
	src, _ := demoSource(t, demo.Options{Count: 250, Script: []int{0, 500, 500}})
	d := newDriverWith(t, src, oldestFirst(), 100, 30)
	if d.m.data.loaded != 100 || d.m.data.err == nil {
		t.Fatalf("%d rows, err %v", d.m.data.loaded, d.m.data.err)
	}
	d.mustShow("⚠ server error (HTTP 500) on page 2", "R retries", "partial: 100 loaded · stopped")
	d.keys("R")
	if d.m.data.loaded != 250 || d.m.data.err != nil {
		t.Errorf("after R: %d rows, err %v", d.m.data.loaded, d.m.data.err)
	}
}

func TestAuthenticationErrorExplainsTheCauses(t *testing.T) {
	t.Parallel()
	d := newDriver(t, walkFunc(func(q api.Query, o api.Order) Walker {
		return &failingWalker{err: &api.Error{Kind: api.KindAuth, Status: 401, Page: 1, Excerpt: `{"error":"Authentication failed"}`}}
	}), 100, 30)
	d.mustShow("Could not load donations", "authentication failed (HTTP 401)", "organization id", "Enable Rest API", "R retry")
}

func TestEscStopsLoadingEverything(t *testing.T) {
	t.Parallel()
	// Esc comes once the first page is in: the rest of the pages, each
	// served late, are still to come. Pages of 10: what is stopped and
	// resumed is the walk's pages, whatever each holds. Thirty of them, or
	// six in the race run (-short), where each request costs more: five
	// still to stop.
	const per = 10
	count := 30 * per
	if testing.Short() {
		count = 6 * per
	}
	src, _ := demoSource(t, demo.Options{Count: count, Latency: 30 * time.Millisecond})
	d := newDriverLoadingPages(t, src, per, 100, 30)
	d.send(tea.KeyPressMsg{Code: tea.KeyEscape})
	if d.m.data.loadAll || d.m.data.err != nil || d.m.data.loaded >= count {
		t.Errorf("after esc: loadAll %v, err %v, %d rows", d.m.data.loadAll, d.m.data.err, d.m.data.loaded)
	}
	d.mustShow("· stopped")
	d.keys("G") // and it resumes where it stopped, losing nothing
	if d.m.data.loaded != count {
		t.Errorf("resumed to %d rows, want %d", d.m.data.loaded, count)
	}
}

func TestStaleRepliesAreDropped(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	rows := d.m.data.loaded
	d.m.Update(pageMsg{gen: d.m.data.gen - 1, step: dataset.Step{New: 5}})
	if d.m.data.loaded != rows {
		t.Error("a reply to an old walk was applied")
	}
}

func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	t.Parallel()
	body := `[{"id": 1, "first_name": "\u001b]52;c;cHduZWQ=\u0007Mal\u001b[2Jlory", "last_name": "\u202Eevil\u200B",
	  "email": "x@example.org\u001b]0;title\u001b\\", "form_name": "Form\r\nInjected", "amount": "5.00", "currency": "usd",
	  "status": "paid\u0007", "donation_date": "2026-01-02T03:04:05.000Z",
	  "questions": [{"question": "Q\u001b[31m", "answer": "A\u009b31m"}],
	  "donation_honor": {"honoree_name": "H\u001bP+q\u001b\\", "recipient_message": "` + strings.Repeat("long ", 2000) + `"}}]`
	list, _, err := api.DecodePage([]byte(body), 1)
	if err != nil {
		t.Fatal(err)
	}
	src := walkFunc(func(api.Query, api.Order) Walker { return &listWalker{list: list} })
	d := newDriver(t, src, 100, 30)
	for _, keys := range [][]string{{}, {"enter"}, {"esc", "r"}} {
		d.keys(keys...)
		raw := d.m.View().Content
		for _, bad := range []string{"\x1b]", "\x07", "\x1bP", "\u202E", "\u200B", "\u009b", "\x1b[2J", "\r"} {
			if strings.Contains(raw, bad) {
				t.Errorf("after %v the screen carries %q", keys, bad)
			}
		}
		if n := len(lines(d.screen())); n > 30 {
			t.Errorf("after %v the layout broke: %d lines", keys, n)
		}
	}
}

func TestExportWritesEveryPageToCSV(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Count: 450})
	d := newDriverWith(t, src, oldestFirst(), 100, 30)
	path := filepath.Join(t.TempDir(), "out.csv")
	d.keys("e")
	d.mustShow("file: donations-20261122-093000.csv", "writes 450 donations")
	d.typeFile(path)
	d.keys("enter")
	d.mustShow("Exported 450 donations to " + path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := srv.Match(demo.Filter{})
	if len(rows) != len(want)+1 || rows[0][0] != "id" || rows[len(rows)-1][0] != uictx.Itoa(want[len(want)-1]) {
		t.Errorf("%d rows in the file, want header and %d", len(rows), len(want))
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("export file mode %v, want 0600: it holds donor data", info.Mode().Perm())
	}
}

func TestExportRefusesAnUnknownExtension(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 100, 30)
	d.keys("e")
	d.typeFile(filepath.Join(t.TempDir(), "out.xlsx"))
	d.keys("enter")
	d.mustShow("export: name the file .csv or .ndjson")
}

func TestQuitFromAnywhere(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	for _, setup := range [][]string{{}, {"f"}, {"/"}, {"enter"}, {"r"}, {"?"}} {
		d := newDriver(t, src, 100, 30)
		d.keys(setup...)
		_, cmd := d.m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
		if cmd == nil || fmt.Sprintf("%T", cmd()) != "tea.QuitMsg" {
			t.Errorf("ctrl+c after %v does not quit", setup)
		}
	}
	// q types a q in text fields.
	d := newDriver(t, src, 100, 30)
	d.keys("f", "q")
	if d.m.focus != filter.ID || !slices.ContainsFunc(lines(d.screen()), func(l string) bool {
		return slices.Equal(strings.Fields(l), []string{">", "E-mail", "q"})
	}) {
		t.Errorf("q in the filter form did not type a q:\n%s", d.screen())
	}
}

// walkFunc makes a Source of a function, for tests that script the walk.
type walkFunc func(api.Query, api.Order) Walker

func (f walkFunc) Walk(q api.Query, o api.Order, _ api.DateRange, _ int) Walker { return f(q, o) }

type listWalker struct {
	list []api.Donation
	done bool
}

func (w *listWalker) Next(context.Context) (api.Batch, error) {
	w.done = true
	return api.Batch{Page: &api.Page{Number: 1, Donations: w.list}, Donations: w.list, Done: true}, nil
}
func (w *listWalker) Done() bool         { return w.done }
func (w *listWalker) Warnings() []string { return nil }
func (w *listWalker) Close()             {}

type failingWalker struct{ err error }

func (w *failingWalker) Next(context.Context) (api.Batch, error) { return api.Batch{}, w.err }
func (w *failingWalker) Done() bool                              { return false }
func (w *failingWalker) Warnings() []string                      { return nil }
func (w *failingWalker) Close()                                  {}

// full is the whole record of a loaded row, decoded from its raw bytes.
func full(t *testing.T, r *uictx.Row) api.Donation {
	t.Helper()
	d, err := r.Summary.Full()
	if err != nil {
		t.Fatal(err)
	}
	return d
}
