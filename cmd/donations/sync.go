package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"donations/export"
	"donations/store"
)

type syncOptions struct {
	full        bool
	window      int
	concurrency int
}

func syncCommand(a *app) *cobra.Command {
	o := syncOptions{window: 10, concurrency: export.DefaultConcurrency}
	c := &cobra.Command{
		Use:   "sync [--full] [--window N]",
		Short: "Bring the account's local store up to date",
		Long: `Read what is new since the last sync into the account's local store, so that list --offline, search and totals answer from disk.

The first sync reads every page; later ones read from the store's end on, plus the last --window pages again to catch refunds and other changes. --full reads everything and removes what the server no longer returns. Each page is saved as it arrives: an interrupted sync loses nothing and the next one resumes.

The store holds donor data on this disk, private to you (see donations cache info; donations cache clear removes it).`,
		Example: `  donations sync
  donations sync --window 0
  donations sync --full`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return status(runSync(c.Context(), a, o)) },
	}
	fs := c.Flags()
	fs.BoolVar(&o.full, "full", false, "read every page again: apply changes and removals")
	intVar(fs, &o.window, "window", 0, 1000, "pages before the store's end read again for changes (0: none)")
	intVar(fs, &o.concurrency, "concurrency", 1, 16, "pages fetched at once when reading many, 1..16")
	return c
}

func runSync(ctx context.Context, a *app, o syncOptions) int {
	a.g.onWait = waitNotice(a.env)
	acct, err := connect(ctx, a)
	if err != nil {
		return reportError(a.env, err)
	}
	defer acct.close()
	if acct.store == "" {
		fmt.Fprintln(a.stderr, "donations: warning: no store on disk (--demo, --no-cache or cache = false): this sync is kept in memory and lost at exit")
	}
	s, err := openStore(ctx, acct.store)
	if err != nil {
		return reportError(a.env, err)
	}
	defer s.Close()
	opts := store.SyncOptions{Full: o.full, Window: o.window, Concurrency: o.concurrency}
	// The progress line is our own text, written past safeText so that its
	// carriage return and erase-line can redraw it in place.
	term := terminal(a.stderr)
	if term != nil {
		opts.OnProgress = func(p store.Progress) { fmt.Fprint(term, "\r\x1b[K"+progressLine(p)) }
	}
	res, err := s.Sync(ctx, acct.client, opts)
	if term != nil {
		fmt.Fprint(term, "\r\x1b[K")
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(a.stderr, "donations: warning:", w)
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "donations: sync stopped; %d new and %d updated donations were saved and the next sync goes on from there\n", res.New, res.Updated)
		return reportError(a.env, err)
	}
	info, _ := s.Info(ctx)
	fmt.Fprintf(a.stdout, "synced: %d new, %d updated, %d removed · %d requests · %.1f s · %d donations in the store\n",
		res.New, res.Updated, res.Removed, res.Requests, res.Elapsed.Seconds(), info.Donations)
	return exitOK
}

// progressLine is one line of a sync's progress, for a terminal.
func progressLine(p store.Progress) string {
	line := fmt.Sprintf("syncing: page %d", p.Page)
	if p.Pages > 0 {
		line = fmt.Sprintf("syncing: page %d of %d", p.Page, p.Pages)
	}
	line += fmt.Sprintf(" · %d new, %d updated · %d requests · %s", p.New, p.Updated, p.Requests, p.Elapsed.Round(time.Second))
	if p.Pages > p.Page && p.Page > 0 {
		eta := p.Elapsed / time.Duration(p.Page) * time.Duration(p.Pages-p.Page)
		line += " · about " + eta.Round(time.Second).String() + " left"
	}
	return line
}

// terminal is the terminal under w, or nil when w does not lead to one.
func terminal(w io.Writer) *os.File {
	if s, ok := w.(safeText); ok {
		w = s.w
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return f
	}
	return nil
}
