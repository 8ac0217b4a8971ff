package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"

	"github.com/charmbracelet/x/term"

	"donations/api"
	"donations/config"
	"donations/export"
)

func runList(ctx context.Context, g *globals, args []string, e env) int {
	fs := flag.NewFlagSet("donations list", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { fmt.Fprint(e.stderr, usage) }
	g.register(fs)
	var q api.Query
	var format string
	var pages, newest, concurrency int
	fs.StringVar(&format, "format", "", "table, json, ndjson or csv")
	fs.StringVar(&q.Email, "email", "", "donor e-mail")
	fs.StringVar(&q.FirstName, "first-name", "", "donor first name")
	fs.StringVar(&q.LastName, "last-name", "", "donor last name")
	fs.Int64Var(&q.CampaignID, "campaign-id", 0, "campaign id")
	fs.Int64Var(&q.ID, "id", 0, "donation id")
	fs.IntVar(&q.PerPage, "per-page", 0, "page size 1..100")
	fs.IntVar(&pages, "pages", 0, "stop after N pages (0 = all)")
	fs.IntVar(&newest, "newest", 0, "the N most recent donations")
	fs.IntVar(&concurrency, "concurrency", export.DefaultConcurrency, "pages fetched at once, 1..16")
	if err := fs.Parse(args); err != nil {
		return usageError(err)
	}
	if err := checkListFlags(fs, q, pages, newest, concurrency); err != nil {
		fmt.Fprintln(e.stderr, "donations list:", err)
		return exitConfig
	}
	width := 0
	if format == "" {
		format = "ndjson"
		if f, ok := e.stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
			format = "table"
			width, _, _ = term.GetSize(f.Fd())
		}
	}
	w, err := export.New(format, e.stdout, width)
	if err != nil {
		fmt.Fprintln(e.stderr, "donations list:", err)
		return exitConfig
	}
	g.onWait = waitNotice(e)
	acct, err := connect(ctx, g, e)
	if err != nil {
		if errors.Is(err, config.ErrNotConfigured) {
			fmt.Fprintln(e.stderr, config.NotConfiguredHelp(config.DefaultPath(e.getenv)))
			return exitConfig
		}
		return reportError(e, err)
	}
	defer acct.close()

	order, lim := api.OldestFirst, export.Limits{Pages: pages}
	if newest > 0 {
		order, lim = api.NewestFirst, export.Limits{Donations: newest}
	}
	p := acct.client.Pager(q, order)
	if pages > 0 {
		concurrency = min(concurrency, pages) // read no page past the last one asked for
	}
	p.SetConcurrency(concurrency)
	_, err = export.Stream(ctx, p, w, lim, nil)
	p.Close() // before anything is reported: no request may log after it
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	for _, warn := range p.Warnings() {
		fmt.Fprintln(e.stderr, "donations: warning:", warn)
	}
	if err != nil {
		return reportError(e, err)
	}
	return exitOK
}

func checkListFlags(fs *flag.FlagSet, q api.Query, pages, newest, concurrency int) error {
	if extra := fs.Args(); len(extra) > 0 {
		return fmt.Errorf("unexpected argument %q (filters are flags: --email, --first-name, ...)", extra[0])
	}
	switch {
	case q.PerPage < 0 || q.PerPage > api.MaxPerPage:
		return fmt.Errorf("--per-page must be 1..%d", api.MaxPerPage)
	case pages < 0:
		return fmt.Errorf("--pages must be 0 (all) or more")
	case newest < 0:
		return fmt.Errorf("--newest must be 1 or more")
	case concurrency < 1 || concurrency > 16:
		return fmt.Errorf("--concurrency must be 1..16")
	case q.CampaignID < 0 || q.ID < 0:
		return fmt.Errorf("--campaign-id and --id are positive integers")
	}
	return nil
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Host
	}
	return raw
}
