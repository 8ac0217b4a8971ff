// Command scale measures the browser over a large local store: it syncs the
// demo's donations into a store file once (kept for the next run), then, in
// a child process so that its peak memory is the browser's alone, opens the
// browser over the store and times what a user does: the first screen,
// scrolling, G, changing the sort, typing a search. Every figure comes from
// this one run.
//
//	go run ./scripts/scale -count 1000000 -store ~/donations-scale/1m.db
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
	"donations/ui"
)

func main() {
	count := flag.Int("count", 1_000_000, "donations in the store")
	path := flag.String("store", "", "the store file (default: a file in a folder of its own in the temporary folder, kept)")
	browse := flag.Bool("browse", false, "measure the browser (the child process)")
	onlyReports := flag.Bool("reports", false, "time only the fundraising reports, over the store as it is")
	add := flag.Int("add", 0, "after the first sync, add this many new donations and sync them (--window 0), as a later sync does")
	flag.Parse()
	if *path == "" {
		// A folder of its own: the store refuses a folder others may write
		// (the temporary folder itself).
		*path = fmt.Sprintf("%s/donations-scale/%d.db", os.TempDir(), *count)
	}
	var err error
	switch {
	case *browse:
		err = measureBrowser(*path)
	case *onlyReports:
		err = timeReports(*path)
	default:
		err = run(*path, *count, *add)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(path string, count, add int) error {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	n, err := st.Count(ctx, query.Query{})
	if err != nil {
		return err
	}
	if n != count {
		if err := fill(ctx, st, count, add); err != nil {
			return err
		}
	}
	if err := sizes(ctx, st); err != nil {
		return err
	}
	if err := reports(ctx, st); err != nil {
		return err
	}
	st.Close()
	if err := parts(ctx, path); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	child := exec.Command(self, "-browse", "-store", path)
	child.Stdout, child.Stderr = os.Stdout, os.Stderr
	return child.Run()
}

// fill syncs count demo donations into st, as `donations sync` would,
// then add new ones if add is more than 0, as a later sync would; the
// store's size after each.
func fill(ctx context.Context, st *store.Store, count, add int) error {
	srv, err := demo.Start(ctx, "", demo.Options{Count: count})
	if err != nil {
		return err
	}
	defer srv.Close()
	c, err := api.New(api.Config{BaseURL: srv.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
	if err != nil {
		return err
	}
	start := time.Now()
	r, err := dataset.Sync(ctx, st, c, dataset.SyncOptions{Concurrency: 8})
	if err != nil {
		return err
	}
	fmt.Printf("synced %d donations in %.0f s (%d requests)\n", r.New, time.Since(start).Seconds(), r.Requests)
	if add <= 0 {
		return nil
	}
	if err := sizes(ctx, st); err != nil {
		return err
	}
	srv.Add(add)
	if r, err = dataset.Sync(ctx, st, c, dataset.SyncOptions{}); err != nil {
		return err
	}
	fmt.Printf("then synced %d new (%d requests)\n", r.New, r.Requests)
	return nil
}

// sizes compares the store on disk with the raw JSON it holds.
func sizes(ctx context.Context, st *store.Store) error {
	info, err := st.Info(ctx)
	if err != nil {
		return err
	}
	var raw int64
	err = st.Window(ctx, query.Query{Sort: "id"}, 0, -1, func(b []byte) error { raw += int64(len(b)) + 1; return nil })
	if err != nil {
		return err
	}
	fmt.Printf("| store on disk vs its raw JSON (NDJSON) | %.2f MB vs %.2f MB = %.3f× | ≤ 1× |\n",
		float64(info.Bytes)/1e6, float64(raw)/1e6, float64(info.Bytes)/float64(raw))
	return nil
}

func key(s string) tea.KeyPressMsg {
	switch s {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// screen drives the browser as Bubble Tea does: a key is handled on the
// event loop, its commands run in goroutines, and their answers come back
// to the loop. It times every message the loop handles (Update and View:
// what a frame costs, and what the loop is busy for) and, for each key,
// every change of the screen until no command of it is left running: an
// answer however slow is the key's, never the next one's.
type screen struct {
	m       tea.Model
	msgs    chan tea.Msg
	last    string
	loop    []time.Duration // every Update + View on the event loop
	pending int             // commands running, whose answers are awaited
}

// change is a screen drawn, and when after the key.
type change struct {
	at   time.Duration
	view string
}

func (s *screen) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	s.pending++
	go func() { s.msgs <- cmd() }()
}

// handle is one turn of the event loop.
func (s *screen) handle(msg tea.Msg) (changed bool) {
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			s.run(c)
		}
		return false
	}
	// Animation ticks and cursor blinks only animate: fed back they would
	// never let the screen settle.
	if t := fmt.Sprintf("%T", msg); strings.Contains(t, "Tick") || strings.Contains(t, "Blink") {
		return false
	}
	start := time.Now()
	m, cmd := s.m.Update(msg)
	view := m.View().Content
	s.loop = append(s.loop, time.Since(start))
	s.m = m
	s.run(cmd)
	changed = view != s.last
	s.last = view
	return changed
}

// press sends keys and handles what follows until no command is left
// running; it returns how long after the first key the screen last changed.
func (s *screen) press(keys ...string) time.Duration {
	changes, _ := s.changes(keys...)
	if len(changes) == 0 {
		return 0
	}
	return changes[len(changes)-1].at
}

// changes is press that returns every screen drawn, and how many of them
// the keys themselves drew (before any command's answer).
func (s *screen) changes(keys ...string) (all []change, echo int) {
	start := time.Now()
	for _, k := range keys {
		if s.handle(key(k)) {
			all = append(all, change{time.Since(start), s.last})
		}
	}
	echo = len(all)
	// A guard against a hang, not a timing: the slowest answer at a
	// million (a count of every donation) takes a second or two.
	guard := time.After(2 * time.Minute)
	for s.pending > 0 {
		select {
		case msg := <-s.msgs:
			s.pending--
			if s.handle(msg) {
				all = append(all, change{time.Since(start), s.last})
			}
		case <-guard:
			fmt.Fprintf(os.Stderr, "scale: %d commands still running 2 minutes after %q\n", s.pending, keys)
			return all, echo
		}
	}
	return all, echo
}

// percentiles are the median and the 99th percentile of d.
func percentiles(d []time.Duration) (time.Duration, time.Duration) {
	sorted := append([]time.Duration(nil), d...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return sorted[len(sorted)/2], sorted[len(sorted)*99/100]
}

func measureBrowser(path string) error {
	ctx := context.Background()
	start := time.Now()
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	last, _, err := st.Synced(ctx)
	if err != nil {
		return err
	}
	// The browser reads the store only: a client that could not reach a
	// server shows it never asks one.
	c, err := api.New(api.Config{BaseURL: "http://127.0.0.1:9", Username: "none", APIKey: "none"})
	if err != nil {
		return err
	}
	s := &screen{m: ui.New(ui.FromClient(c), ui.Options{Account: "scale", Store: dataset.Hold(st), LastSync: last}),
		msgs: make(chan tea.Msg, 1024)}
	s.run(s.m.Init())
	s.handle(tea.WindowSizeMsg{Width: 120, Height: 35})
	opened := time.Since(start)
	opened += s.press()
	if !strings.Contains(s.last, "donations") {
		return fmt.Errorf("the first screen is empty")
	}
	fmt.Printf("| open the store and draw the first screen | %s | — |\n", ms(opened))
	s.loop = nil
	for range 200 {
		s.press("j")
	}
	p50, p99 := percentiles(s.loop)
	fmt.Printf("| scrolling (200 × j): each turn of the event loop, median and 99th percentile | %s, %s | < 16 ms |\n", ms(p50), ms(p99))
	s.loop = nil
	for _, step := range []struct {
		what string
		keys []string
	}{
		{"G: to the last donation", []string{"G"}}, {"change the sort to amount (g s a)", []string{"g", "s", "a"}},
		{"reverse it (o)", []string{"o"}}, {"sort by name (s n)", []string{"s", "n"}},
	} {
		fmt.Printf("| %s: until its answer is on screen | %s | — |\n", step.what, ms(s.press(step.keys...)))
	}
	s.press("s", "d") // the search's figures are for the newest first, as the browser opens
	if err := measureSearch(ctx, s, path); err != nil {
		return err
	}
	p50, p99 = percentiles(s.loop)
	fmt.Printf("| those keys and their answers: each turn of the event loop (%d), median and 99th percentile | %s, %s | < 16 ms |\n",
		len(s.loop), ms(p50), ms(p99))
	s.press("esc", "esc")
	return measureQueries(ctx, st)
}

// measureQueries times what the donor, insights and footer views ask the
// store, in the background.
func measureQueries(ctx context.Context, st *store.Store) error {
	t := time.Now()
	if _, err := st.Groups(ctx, query.Filter{}, []string{"status", "recurring"}, nil); err != nil {
		return err
	}
	fmt.Printf("| footer totals of every donation (in the background) | %s | — |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Donors(ctx, query.Filter{}, "total", true, 0, 200); err != nil {
		return err
	}
	fmt.Printf("| donor view: the first 200 donors by total | %s | < 300 ms |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.DonorCount(ctx, query.Filter{}); err != nil {
		return err
	}
	fmt.Printf("| donor view: how many donors (after the first screen) | %s | — |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Insight(ctx, query.Filter{}, "month", time.Local, 10); err != nil {
		return err
	}
	if _, _, err := st.Median(ctx, query.Filter{}); err != nil {
		return err
	}
	fmt.Printf("| insights view: everything it adds up | %s | < 500 ms |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Donors(ctx, query.Filter{}, "name", false, 0, 200); err != nil {
		return err
	}
	fmt.Printf("| donor view sorted by name | %s | — |\n", ms(time.Since(t)))
	// The browser counts the paid gifts, or with the key a every status but
	// refunded (the demo's others): the filters it asks the store with.
	for _, rule := range []struct {
		name string
		f    query.Filter
	}{{"the paid gifts (the default)", query.Filter{Statuses: store.PaidStatuses}},
		{"all but refunded (a)", query.Filter{Statuses: []string{"paid", "pending", "failed", "disputed"}}}} {
		t = time.Now()
		if _, err := st.Donors(ctx, rule.f, "total", true, 0, 200); err != nil {
			return err
		}
		if _, err := st.DonorCount(ctx, rule.f); err != nil {
			return err
		}
		fmt.Printf("| donor view of %s: the first 200 by total, how many | %s | < 300 ms |\n", rule.name, ms(time.Since(t)))
		t = time.Now()
		if _, err := st.Insight(ctx, rule.f, "month", time.Local, 10); err != nil {
			return err
		}
		if _, _, err := st.Median(ctx, rule.f); err != nil {
			return err
		}
		fmt.Printf("| insights view of %s | %s | < 500 ms |\n", rule.name, ms(time.Since(t)))
	}
	fmt.Printf("| peak memory of the browsing process (VmHWM) | %s | ≤ 300 MB |\n", peakRSS())
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "unknown"
}
