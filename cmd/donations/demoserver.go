package main

import (
	"context"
	"flag"
	"fmt"

	"donations/api/demo"
)

func runDemoServer(ctx context.Context, g *globals, args []string, e env) int {
	fs := flag.NewFlagSet("donations demo-server", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var o demo.Options
	addr := fs.String("addr", "127.0.0.1:8080", "listen address (loopback only)")
	fs.IntVar(&o.Count, "count", 5000, "number of donations")
	fs.Int64Var(&o.Seed, "seed", 1, "data seed")
	fs.DurationVar(&o.Latency, "latency", 0, "added to every answer, e.g. 50ms")
	fs.DurationVar(&o.Jitter, "jitter", 0, "up to this much more latency, at random")
	fs.Float64Var(&o.ErrorRate, "error-rate", 0, "share of requests answered 5xx (0..1)")
	fs.Float64Var(&o.MalformedRate, "malformed-rate", 0, "share of pages cut off mid-JSON (0..1)")
	fs.BoolVar(&o.HTMLErrors, "html-errors", false, "error bodies are HTML pages")
	fs.Float64Var(&o.ResetRate, "reset-rate", 0, "share of connections reset before answering (0..1)")
	fs.Float64Var(&o.CutRate, "cut-rate", 0, "share of pages whose connection drops mid-body (0..1)")
	fs.IntVar(&o.RepeatRows, "repeat-rows", 0, "repeat the last N rows of each page at the start of the next")
	fs.BoolVar(&o.OrderDesc, "order-desc", false, "honour order=desc (newest first)")
	fs.BoolVar(&o.Hostile, "hostile", false, "every seventh donation carries escape sequences and other hostile text")
	fs.IntVar(&o.RateLimit, "rate-limit", 0, "requests per window and client (0 = unlimited)")
	fs.DurationVar(&o.RateWindow, "rate-window", 0, "rate-limit window (default 1m)")
	fs.BoolVar(&o.NoRetryAfter, "no-retry-after", false, "answer 429 without Retry-After")
	fs.BoolVar(&o.Wrap, "wrap", false, `wrap lists as {"data": [...], "meta": {...}}`)
	fs.BoolVar(&o.IgnorePage, "ignore-page", false, "always serve page 1")
	fs.IntVar(&o.PageSize, "page-size", 0, "ignore per_page and serve this many")
	fs.StringVar(&o.PastEnd, "past-end", "empty", `past the last page: "empty" or "last"`)
	fs.BoolVar(&o.Drift, "drift", false, "vary field types: numbers as text, nulls, missing and unknown fields")
	g.register(fs)
	if err := fs.Parse(args); err != nil {
		return usageError(err)
	}
	if o.PastEnd != "empty" && o.PastEnd != "last" {
		fmt.Fprintln(e.stderr, `donations demo-server: --past-end is "empty" or "last"`)
		return exitConfig
	}
	if o.Count == 0 {
		o.Count = -1 // an empty account, not the default size
	}
	run, err := demo.Start(ctx, *addr, o)
	if err != nil {
		fmt.Fprintln(e.stderr, "donations demo-server:", err)
		return exitConfig
	}
	opts := run.Options()
	fmt.Fprintf(e.stdout, `demo API listening on %s (%d donations)
  username: %s  or  %s
  API key:  %s
try:
  DONATIONS_API_KEY=%s donations --base-url %s --username %s
stop with ctrl+c
`, run.URL, len(run.Match(demo.Filter{})), opts.Login, opts.OrgID, opts.APIKey, opts.APIKey, run.URL, opts.Login)
	<-ctx.Done()
	run.Close()
	return exitOK
}
