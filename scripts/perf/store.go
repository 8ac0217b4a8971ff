package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"donations/api/demo"
)

// cached is cmd with its local store in a folder of its own.
func cached(dir, bin string, args ...string) *exec.Cmd {
	c := cmd(bin, args...)
	c.Env = append(c.Env, "XDG_CACHE_HOME="+dir)
	return c
}

// firstSync: a first sync of 20,000 at 30 ms, against reading one page at a
// time; and under a budget of 100 requests a second, never refused.
func firstSync(bin string, _ int) ([]row, error) {
	stop, url, err := server(bin, "--count", "20000", "--latency", "30ms")
	if err != nil {
		return nil, err
	}
	dir, _ := os.MkdirTemp("", "donations-perf-store")
	defer os.RemoveAll(dir)
	account := []string{"--base-url", url, "--username", demo.DefaultLogin}
	ours := timed(cached(dir, bin, append([]string{"sync"}, account...)...))
	theirs := timed(cmd(bin, append([]string{"list", "--format", "ndjson", "--concurrency", "1"}, account...)...))
	stop()
	rows := []row{{"4. first sync of 20,000, 30 ms: sync vs one page at a time", ms(ours), ms(theirs), ratio(ours, theirs), "≤ 0.4"}}

	stop, url, err = server(bin, "--count", "20000", "--latency", "30ms", "--rate-limit", "100", "--rate-window", "1s")
	if err != nil {
		return nil, err
	}
	defer stop()
	log, elapsed, err := verbose(cached(dir+"/limited", bin, "sync", "--verbose", "--base-url", url, "--username", demo.DefaultLogin))
	if err != nil {
		return nil, err
	}
	return append(rows, row{"4b. same sync, rate limit 100/s", fmt.Sprintf("%s, %d requests", ms(elapsed), strings.Count(log, "GET ")),
		fmt.Sprintf("%d refused (429)", strings.Count(log, "-> 429")), "—", "0 refused"}), nil
}

// offline: the newest 100 of a synced 100,000 from the store, against the
// API at 50 ms; then what incremental syncs cost in requests.
func offline(bin string, runs int) ([]row, error) {
	stop, url, err := server(bin, "--count", "100000", "--latency", "50ms")
	if err != nil {
		return nil, err
	}
	defer stop()
	dir, _ := os.MkdirTemp("", "donations-perf-store")
	defer os.RemoveAll(dir)
	account := []string{"--base-url", url, "--username", demo.DefaultLogin}
	timed(cached(dir, bin, append([]string{"sync"}, account...)...))
	newest := append([]string{"list", "--newest", "100", "--format", "ndjson"}, account...)
	ours, theirs := pair(max(3, runs/3), cached(dir, bin, append(newest, "--offline")...), cmd(bin, newest...))
	rows := []row{{"5. newest 100 of a synced 100,000: list --offline vs the API at 50 ms", ms(ours), ms(theirs), ratio(ours, theirs), "≤ 0.1"}}

	for _, k := range []int{0, 250, 250} {
		if k > 0 {
			resp, err := http.Post(fmt.Sprintf("%s/admin/add?n=%d", url, k), "", nil)
			if err != nil {
				return nil, err
			}
			resp.Body.Close()
		}
		log, elapsed, err := verbose(cached(dir, bin, append([]string{"sync", "--window", "0", "--verbose"}, account...)...))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row{fmt.Sprintf("5b. incremental sync, --window 0, %d new", k),
			fmt.Sprintf("%s, %d requests", ms(elapsed), strings.Count(log, "GET ")), "—", "—", fmt.Sprintf("≤ %d requests", (k+99)/100+2)})
	}
	size, err := storeSize(dir, bin, account)
	if err != nil {
		return nil, err
	}
	return append(rows, size), nil
}

// storeSize compares the store's files in dir with the NDJSON of what it
// holds: what free pages left behind by syncs would add.
func storeSize(dir, bin string, account []string) (row, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "donations", "*.db*"))
	var disk int64
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			disk += info.Size()
		}
	}
	dump := cached(dir, bin, append([]string{"list", "--offline", "--format", "ndjson"}, account...)...)
	var json counted
	dump.Stdout = &json
	if err := dump.Run(); err != nil {
		return row{}, fmt.Errorf("list --offline: %v", err)
	}
	return row{"5c. the store after those syncs vs the NDJSON it holds", fmt.Sprintf("%.1f MB", float64(disk)/1e6),
		fmt.Sprintf("%.1f MB", float64(json)/1e6), fmt.Sprintf("%.2f", float64(disk)/float64(json)), "≤ 1.00"}, nil
}

// budgetedSync: a first sync of 10,000 under a budget of 10 requests a
// second, against the least time that budget allows: the requests it made
// ÷ the rate.
func budgetedSync(bin string, _ int) ([]row, error) {
	const rate = 10
	stop, url, err := server(bin, "--count", "10000", "--rate-limit", fmt.Sprint(rate), "--rate-window", "1s")
	if err != nil {
		return nil, err
	}
	defer stop()
	dir, _ := os.MkdirTemp("", "donations-perf-store")
	defer os.RemoveAll(dir)
	log, elapsed, err := verbose(cached(dir, bin, "sync", "--verbose", "--base-url", url, "--username", demo.DefaultLogin))
	if err != nil {
		return nil, err
	}
	requests := strings.Count(log, "GET ")
	bound := time.Duration(requests) * time.Second / rate
	return []row{{"4c. first sync of 10,000, 10 requests/s: sync vs requests ÷ rate",
		fmt.Sprintf("%s, %d requests, %d refused", ms(elapsed), requests, strings.Count(log, "-> 429")),
		ms(bound), ratio(elapsed, bound), "≤ 1.05"}}, nil
}

// counted counts the bytes written to it (see timed: kept, they grow this
// process).
type counted int64

func (c *counted) Write(p []byte) (int, error) {
	*c += counted(len(p))
	return len(p), nil
}
