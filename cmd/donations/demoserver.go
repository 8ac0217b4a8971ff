package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"donations/api/demo"
	"donations/textsafe"
)

type demoServerOptions struct {
	addr string
	demo.Options
}

func demoServerCommand(a *app) *cobra.Command {
	var o demoServerOptions
	c := &cobra.Command{
		Use:     "demo-server",
		Short:   "Serve the demo API on 127.0.0.1, with faults on request",
		Long:    `Serve the built-in demo API on a loopback address and print the credentials it accepts. The fault flags make it misbehave as real servers do, to see how the program copes. Stop it with ctrl+c.`,
		Example: "  donations demo-server --count 20000 --latency 50ms\n  donations demo-server --shape donorbox",
		Args:    noArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return ran(runDemoServer(c.Context(), a, o)) },
	}
	fs := c.Flags()
	o.addr = "127.0.0.1:8080"
	fs.Var(addrFlag{&o.addr}, "addr", "listen address (loopback only)")
	o.Count = 5000
	intVar(fs, &o.Count, "count", 0, 0, "number of donations")
	fs.Int64Var(&o.Seed, "seed", 1, "data seed")
	fs.Var(momentFlag{&o.End}, "end", "the moment the gifts end (default: now), e.g. 2026-11-01 or 2026-11-01T09:30:00Z")
	fs.DurationVar(&o.Latency, "latency", 0, "added to every answer, e.g. 50ms")
	fs.DurationVar(&o.Jitter, "jitter", 0, "up to this much more latency, at random")
	fs.Float64Var(&o.ErrorRate, "error-rate", 0, "share of requests answered 5xx (0..1)")
	fs.Float64Var(&o.MalformedRate, "malformed-rate", 0, "share of pages cut off mid-JSON (0..1)")
	fs.BoolVar(&o.HTMLErrors, "html-errors", false, "error bodies are HTML pages")
	fs.Float64Var(&o.ResetRate, "reset-rate", 0, "share of connections reset before answering (0..1)")
	fs.Float64Var(&o.CutRate, "cut-rate", 0, "share of pages whose connection drops mid-body (0..1)")
	fs.IntVar(&o.RepeatRows, "repeat-rows", 0, "repeat the last N rows of each page at the start of the next")
	fs.BoolVar(&o.OrderDesc, "order-desc", false, "honour order=desc (newest first)")
	fs.BoolVar(&o.NewestOnly, "newest-only", false, "list newest first whatever order= says")
	fs.BoolVar(&o.DateFilter, "date-filter", false, "honour date_from and date_to (ISO 8601)")
	fs.BoolVar(&o.Hostile, "hostile", false, "every seventh donation carries escape sequences and other hostile text")
	intVar(fs, &o.LongFields, "long-fields", 0, 100, "every e-mail about N kB, every form and campaign name about ten times that (--long-fields alone is N=1)")
	fs.Lookup("long-fields").NoOptDefVal = "1"
	fs.BoolVar(&o.Gzip, "gzip", false, "gzip pages for a client that accepts it, as most servers do")
	fs.IntVar(&o.RateLimit, "rate-limit", 0, "requests per window and client (0 = unlimited)")
	fs.DurationVar(&o.RateWindow, "rate-window", time.Minute, "the window --rate-limit counts requests in")
	fs.BoolVar(&o.NoRetryAfter, "no-retry-after", false, "answer 429 without Retry-After")
	fs.BoolVar(&o.Wrap, "wrap", false, `wrap lists as {"data": [...], "meta": {...}}`)
	fs.BoolVar(&o.IgnorePage, "ignore-page", false, "always serve page 1")
	fs.IntVar(&o.PageSize, "page-size", 0, "ignore per_page and serve this many")
	fs.IntVar(&o.MaxPerPage, "max-per-page", 0, "serve at most this many a page, fewer when asked for fewer")
	fs.IntVar(&o.KindStatus, "kind-status", 0, "answer the kinds' endpoints (plans, campaigns...) with this HTTP status: 404 a server without them, 403 a key allowed the donations only")
	o.PastEnd = "empty"
	choiceVar(c, &o.PastEnd, "past-end", []string{"empty", "last"}, "past the last page: an empty page, or the last one again")
	fs.BoolVar(&o.Drift, "drift", false, "vary field types: numbers as text, nulls, missing and unknown fields")
	o.Shape = demo.ShapeSpec
	choiceVar(c, &o.Shape, "shape", demo.ShapeNames, "how lists look: spec, or donorbox (the same donations as Donorbox sends them: nested donor and campaign, newest first, 50 a page, date-only filters, 8-digit ids)")
	return c
}

func runDemoServer(ctx context.Context, a *app, o demoServerOptions) error {
	o.Count = demoSize(o.Count)
	o.End = demoEnd(o.End, a.now)
	run, err := demo.Start(ctx, o.addr, o.Options)
	if err != nil {
		fmt.Fprintln(a.stderr, "donations demo-server:", err)
		return exitStatus(exitConfig)
	}
	opts := run.Options()
	fmt.Fprintf(a.stdout, `demo API listening on %s (%s)
  username: %s  or  %s
  API key:  %s
try:
  DONATIONS_API_KEY=%s donations --base-url %s --username %s
stop with ctrl+c
`, run.URL, textsafe.Count(len(run.Match(demo.Filter{})), "donation"), opts.Login, opts.OrgID, opts.APIKey, opts.APIKey, run.URL, opts.Login)
	<-ctx.Done()
	run.Close()
	return nil
}

// demoSize is the demo.Options.Count for a count asked for on the command
// line, where 0 means an empty account, not the demo's default size.
func demoSize(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// demoEnd is where a demo's data ends: where --demo-end or --end says, else
// now, so that "this month" and "last month" hold gifts on any day. Its
// newest gift is then a few hours old at most (three years over its count).
func demoEnd(set time.Time, now func() time.Time) time.Time {
	if !set.IsZero() {
		return set
	}
	return now().Truncate(time.Second)
}
