package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"donations/api"
	"donations/api/demo"
)

// kindsSync: a first sync from a server of the platform's shape under a
// budget of 20 requests a second, once with its kinds (plans, campaigns
// ...) and once from the same server without them (404): the time to the
// donations' first answer, the requests the kinds took and the 429s the
// sync was refused. The kinds are read after the donations, with the same
// client: they must not delay the first answer, nor overrun the budget.
func kindsSync(bin string, runs int) ([]row, error) {
	var cells []string
	var firsts []time.Duration
	for _, status := range []string{"", "404"} {
		args := []string{"--count", "20000", "--shape", demo.ShapeDonorbox, "--latency", "30ms", "--rate-limit", "20", "--rate-window", "1s"}
		if status != "" {
			args = append(args, "--kind-status", status)
		}
		stop, url, err := server(bin, args...)
		if err != nil {
			return nil, err
		}
		// The first answer is a few hundred milliseconds on a shared
		// machine: the median of a few syncs, each into a store of its own.
		var ts []time.Duration
		var log string
		var elapsed time.Duration
		for range max(3, runs/3) {
			dir, _ := os.MkdirTemp("", "donations-perf-kinds")
			var first time.Duration
			first, log, elapsed, err = firstAnswer(cached(dir, bin, "sync", "--verbose", "--base-url", url, "--username", demo.DefaultLogin))
			os.RemoveAll(dir)
			if err != nil {
				stop()
				return nil, err
			}
			ts = append(ts, first)
		}
		stop()
		kinds := 0
		for _, line := range strings.Split(log, "\n") {
			if strings.HasPrefix(line, "GET ") && !strings.Contains(line, api.DonationsPath) {
				kinds++
			}
		}
		firsts = append(firsts, median(ts))
		cells = append(cells, fmt.Sprintf("first %s, %s in all, kinds %d of %d requests, %d refused",
			ms(median(ts)), ms(elapsed), kinds, strings.Count(log, "GET "), strings.Count(log, "-> 429")))
	}
	return []row{{"4d. first sync of 20,000, platform's shape, 20 requests/s: kinds served vs none (404)",
		cells[0], cells[1], ratio(firsts[0], firsts[1]), "first answer ≤ 1.05, 0 refused"}}, nil
}

// firstAnswer runs c (a command with --verbose) and returns when its log
// told the first page of donations answered, the whole log and its time.
func firstAnswer(c *exec.Cmd) (time.Duration, string, time.Duration, error) {
	pipe, err := c.StderrPipe()
	if err != nil {
		return 0, "", 0, err
	}
	start := time.Now()
	if err := c.Start(); err != nil {
		return 0, "", 0, err
	}
	var first time.Duration
	var log strings.Builder
	lines := bufio.NewScanner(pipe)
	for lines.Scan() {
		line := lines.Text()
		if first == 0 && strings.Contains(line, api.DonationsPath) && strings.Contains(line, "-> 200") {
			first = time.Since(start)
		}
		log.WriteString(line + "\n")
	}
	err = c.Wait()
	return first, log.String(), time.Since(start), err
}
