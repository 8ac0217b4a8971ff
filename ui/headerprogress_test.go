package ui

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/ask"
	"donations/dataset"
	"donations/store"
	"donations/textsafe"
	"donations/ui/uictx"
)

var syncingRE = regexp.MustCompile(`syncing ([\d,]+) of ≈([\d,]+)`)

// While a first sync runs, the header keeps the title and the
// chips and says one set of numbers, the partial note's, in a line that
// fits; the total is the server's pages × the page size it serves (50
// here, though 100 is asked), not the size asked for.
func TestHeaderSaysTheSyncsNumbersInOneLineThatFits(t *testing.T) {
	t.Parallel()
	skipShort(t)
	for _, size := range [][2]int{{120, 35}, {80, 24}} {
		t.Run(strings.Join([]string{uictx.Commas(size[0]), uictx.Commas(size[1])}, "x"), func(t *testing.T) {
			srv := demo.New(demo.Options{Count: 10_000, PageSize: 50, Latency: 20 * time.Millisecond})
			hs := httptest.NewServer(srv)
			t.Cleanup(hs.Close)
			c, err := api.New(api.Config{BaseURL: hs.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
			if err != nil {
				t.Fatal(err)
			}
			mem, err := store.Memory(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { mem.Close() })
			q, errs := ask.Read(ask.Texts{"status": "paid"}, time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC))
			if errs != nil {
				t.Fatal(errs)
			}
			// Not newDriverWith: it settles, and the sync would be over.
			d := &driver{t: t, m: New(FromClient(c), Options{Account: "demo", Location: time.UTC, Question: q,
				Store: dataset.Hold(mem), Sync: syncWith(mem, c)}), msgs: make(chan tea.Msg, 1024)}
			d.run(d.m.Init())
			_, cmd := d.m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			d.run(cmd)
			var header, partial string
			d.until(func() bool {
				header, partial = strings.SplitN(d.screen(), "\n", 2)[0], d.m.data.partial()
				m := syncingRE.FindStringSubmatch(header)
				return !d.m.data.sync.running || m != nil && m[2] == "10,000" && m[1] != "0"
			})
			m := syncingRE.FindStringSubmatch(header)
			if m == nil {
				t.Fatalf("the header never said the sync's numbers of ≈10,000; last: %q", header)
			}
			if want := "partial: " + m[1] + " of ≈" + m[2] + " loaded"; !strings.HasPrefix(partial, want) {
				t.Errorf("header %q, partial note %q: want %q", header, partial, want)
			}
			if !strings.HasPrefix(header, "donations demo") || !strings.Contains(header, "status=paid") || strings.Contains(header, "…") {
				t.Errorf("header lost the title or the chip, or cut something: %q", header)
			}
			if w := textsafe.Width(header); w > size[0] {
				t.Errorf("header is %d cells wide: %q", w, header)
			}
		})
	}
}

// Once every page is stored, the header says the store's end is under
// way, in its shortest form too, where the count alone stood still for a
// minute at a million; it says no time left.
func TestHeaderSaysTheStoresEnd(t *testing.T) {
	t.Parallel()
	p := dataset.Progress{Page: 1, Done: 10_000, Total: 10_000, Held: 1_000_000, About: 1_000_000, Elapsed: time.Minute, Ending: true}
	forms := progressForms(p, time.Now(), true)
	want := []string{"syncing 1,000,000 of ≈1,000,000 · every page stored · indexing and adding up…",
		"syncing 1,000,000 of ≈1,000,000 · indexing and adding up…"}
	if len(forms) != len(want) {
		t.Fatalf("forms %q, want %q", forms, want)
	}
	for i := range want {
		if forms[i] != want[i] {
			t.Errorf("form %d: %q, want %q", i, forms[i], want[i])
		}
	}
}
