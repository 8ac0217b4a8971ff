package ui

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	listview "donations/ui/views/list"
)

// pagesWalker replays decoded pages, so benchmarks measure the UI, not HTTP.
type pagesWalker struct {
	bodies [][]byte
	next   int
}

func (w *pagesWalker) Next(context.Context) (api.Batch, error) {
	list, meta, err := api.DecodePage(w.bodies[w.next], w.next+1)
	w.next++
	pg := &api.Page{Number: w.next, Donations: list, Meta: meta}
	return api.Batch{Page: pg, Donations: list, Done: w.next == len(w.bodies)}, err
}
func (w *pagesWalker) Done() bool         { return w.next == len(w.bodies) }
func (w *pagesWalker) Warnings() []string { return nil }
func (w *pagesWalker) Close()             {}

var (
	bodiesOnce sync.Once
	bodies     [][]byte
	rawBytes   int
)

// demoBodies are the 1,000 pages of a 100,000-donation demo, as sent.
func demoBodies(tb testing.TB) ([][]byte, int) {
	bodiesOnce.Do(func() {
		srv := httptest.NewServer(demo.New(demo.Options{Count: 100_000}))
		defer srv.Close()
		for p := 1; p <= 1000; p++ {
			req, _ := http.NewRequest("GET", srv.URL+"/api/v1/donations?page="+strconv.Itoa(p), nil)
			req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				tb.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			bodies = append(bodies, b)
		}
		for _, b := range bodies {
			list, _, _ := api.DecodePage(b, 1)
			for _, d := range list {
				rawBytes += len(d.Raw)
			}
		}
	})
	return bodies, rawBytes
}

// loaded is a model at 120×40 with all 100,000 demo donations loaded.
func loaded(tb testing.TB) *Model {
	bs, _ := demoBodies(tb)
	src := walkFunc(func(api.Query, api.Order) Walker { return &pagesWalker{bodies: bs} })
	m := New(src, Options{Account: "demo", Location: time.UTC})
	_, cmd := m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.data.loadAll = true
	drain(m, tea.Batch(m.data.fetch(), cmd))
	if m.data.loaded != 100_000 {
		tb.Fatalf("loaded %d rows", m.data.loaded)
	}
	m.list.moveTo(50_000)
	m.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	return m
}

// drain runs cmd and what its answers ask for, one at a time, until nothing
// is left: the pages of a G, and the footer's totals.
func drain(m *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case pageMsg, listview.AnsweredMsg, listview.WindowMsg, listview.ExactMsg, listview.SumsMsg:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

func BenchmarkView100k(b *testing.B) {
	m := loaded(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

func BenchmarkKeypress100k(b *testing.B) {
	m := loaded(b)
	keys := []tea.KeyPressMsg{{Code: 'j', Text: "j"}, {Code: 'k', Text: "k"}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.Update(keys[i%2])
		_ = m.View()
		i++
	}
}

// One keystroke of quick search over 100,000 loaded rows: the query grows
// from "a" to "ada lovel" and starts again.
func BenchmarkQuickSearchKeystroke100k(b *testing.B) {
	m := loaded(b)
	m.Update(tea.KeyPressMsg{Code: '/', Text: "/"})
	query := "ada lovel"
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := rune(query[i%len(query)])
		if i%len(query) == 0 { // Esc drops the search, / starts a new one
			m.Update(tea.KeyPressMsg{Code: tea.KeyEscape})
			m.Update(tea.KeyPressMsg{Code: '/', Text: "/"})
		}
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		_ = m.View()
		i++
	}
}

// BenchmarkMemory100k reports the heap that 100,000 loaded donations keep
// alive, per donation and against their raw JSON (which the raw view needs).
func BenchmarkMemory100k(b *testing.B) {
	_, raw := demoBodies(b)
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m := loaded(b)
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		b.ReportMetric(heap/100_000, "heapB/donation")
		b.ReportMetric(float64(raw)/100_000, "rawB/donation")
		b.ReportMetric(heap/float64(raw), "heap/raw")
		runtime.KeepAlive(m)
	}
}
