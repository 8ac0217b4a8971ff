// Command scale measures the browser over a large local store: it syncs the
// demo's donations into a store file once (kept for the next run), then, in
// a child process so that its peak memory is the browser's alone, opens the
// browser over the store and times what a user does: the first screen,
// scrolling, G, changing the sort, typing a search. Every figure comes from
// this one run.
//
//	go run ./scripts/scale -count 1000000 -store /tmp/donations-1m.db
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
	"donations/store"
	"donations/ui"
)

func main() {
	count := flag.Int("count", 1_000_000, "donations in the store")
	path := flag.String("store", "", "the store file (default: a file in the temporary folder, kept)")
	browse := flag.Bool("browse", false, "measure the browser (the child process)")
	flag.Parse()
	if *path == "" {
		*path = fmt.Sprintf("%s/donations-scale-%d.db", os.TempDir(), *count)
	}
	var err error
	if *browse {
		err = measureBrowser(*path)
	} else {
		err = run(*path, *count)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "scale:", err)
		os.Exit(1)
	}
}

func run(path string, count int) error {
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	n, err := st.Count(ctx, store.Query{})
	if err != nil {
		return err
	}
	if n != count {
		if err := fill(ctx, st, count); err != nil {
			return err
		}
	}
	if err := sizes(ctx, st); err != nil {
		return err
	}
	st.Close()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	child := exec.Command(self, "-browse", "-store", path)
	child.Stdout, child.Stderr = os.Stdout, os.Stderr
	return child.Run()
}

// fill syncs count demo donations into st, as `donations sync` would.
func fill(ctx context.Context, st *store.Store, count int) error {
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
	r, err := st.Sync(ctx, c, store.SyncOptions{Full: true, Concurrency: 8})
	if err != nil {
		return err
	}
	fmt.Printf("synced %d donations in %.0f s (%d requests)\n", r.New, time.Since(start).Seconds(), r.Requests)
	return nil
}

// sizes compares the store on disk with the raw JSON it holds.
func sizes(ctx context.Context, st *store.Store) error {
	info, err := st.Info(ctx)
	if err != nil {
		return err
	}
	var raw int64
	err = st.Window(ctx, store.Query{Sort: "id"}, 0, -1, func(b []byte) error { raw += int64(len(b)) + 1; return nil })
	if err != nil {
		return err
	}
	fmt.Printf("| store on disk vs its raw JSON (NDJSON) | %.0f MB vs %.0f MB = %.2f× | ≤ 2× |\n",
		float64(info.Bytes)/1e6, float64(raw)/1e6, float64(info.Bytes)/float64(raw))
	return nil
}

func key(s string) tea.KeyPressMsg {
	switch s {
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

// step is one thing the user does: the keys, then the screen redrawn.
func step(m tea.Model, keys ...string) time.Duration {
	start := time.Now()
	for _, k := range keys {
		m, _ = m.Update(key(k))
	}
	_ = m.View()
	return time.Since(start)
}

func measureBrowser(path string) error {
	ctx := context.Background()
	start := time.Now()
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	info, err := st.Info(ctx)
	if err != nil {
		return err
	}
	// The browser reads the store only: a client that could not reach a
	// server shows it never asks one.
	c, err := api.New(api.Config{BaseURL: "http://127.0.0.1:9", Username: "none", APIKey: "none"})
	if err != nil {
		return err
	}
	m := ui.New(ui.FromClient(c), ui.Options{Account: "scale", Store: st, LastSync: info.LastSync})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
	first := m.View()
	opened := time.Since(start)
	if !strings.Contains(first.Content, "donations") {
		return fmt.Errorf("the first screen is empty")
	}
	var views []time.Duration
	for range 200 {
		m.Update(key("j"))
		t := time.Now()
		m.View()
		views = append(views, time.Since(t))
	}
	sort.Slice(views, func(i, j int) bool { return views[i] < views[j] })
	fmt.Printf("| %d donations: open the store and draw the first screen | %s | — |\n", info.Donations, ms(opened))
	fmt.Printf("| View, median and slowest of 200 while scrolling | %s, %s | < 1 ms |\n", ms(views[len(views)/2]), ms(views[len(views)-1]))
	fmt.Printf("| G: to the last donation | %s | — |\n", ms(step(m, "G")))
	fmt.Printf("| change the sort to amount (s a) | %s | < 100 ms |\n", ms(step(m, "g", "s", "a")))
	fmt.Printf("| reverse it (o) | %s | < 100 ms |\n", ms(step(m, "o")))
	fmt.Printf("| sort by name (s n) | %s | < 100 ms |\n", ms(step(m, "s", "n")))
	step(m, "/")
	for _, word := range []string{"m", "ma", "mar", "marg"} {
		fmt.Printf("| quick search, the screen after typing %q | %s | < 50 ms |\n", word, ms(step(m, word[len(word)-1:])))
	}
	step(m, "esc", "esc")
	t := time.Now()
	if _, err := st.Groups(ctx, store.Filter{}, []string{"status", "recurring"}, nil); err != nil {
		return err
	}
	fmt.Printf("| footer totals of every donation (in the background) | %s | — |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Donors(ctx, store.Filter{}, "total", true, 0, 200); err != nil {
		return err
	}
	fmt.Printf("| donor view: the first 200 donors by total | %s | < 300 ms |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.DonorCount(ctx, store.Filter{}); err != nil {
		return err
	}
	fmt.Printf("| donor view: how many donors (after the first screen) | %s | — |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Insight(ctx, store.Filter{}, "month", time.Local, 10); err != nil {
		return err
	}
	if _, _, err := st.Median(ctx, store.Filter{}); err != nil {
		return err
	}
	fmt.Printf("| insights view: everything it adds up | %s | < 500 ms |\n", ms(time.Since(t)))
	t = time.Now()
	if _, err := st.Donors(ctx, store.Filter{}, "name", false, 0, 200); err != nil {
		return err
	}
	fmt.Printf("| donor view sorted by name | %s | — |\n", ms(time.Since(t)))
	// A selection is added up from its rows: the rollups hold everything.
	paid := store.Filter{Statuses: []string{"paid"}}
	t = time.Now()
	if _, err := st.Insight(ctx, paid, "month", time.Local, 10); err != nil {
		return err
	}
	fmt.Printf("| insights view of the paid ones (a pass over them) | %s | — |\n", ms(time.Since(t)))
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
