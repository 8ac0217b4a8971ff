package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"donations/export"
	"donations/store"
	"donations/textsafe"
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
	opts := store.SyncOptions{Full: o.full, Window: o.window, Concurrency: o.concurrency, OnWait: func() {
		fmt.Fprintln(a.stderr, "donations: a sync of this store is already running (the browser's or another sync); waiting for it to end, ctrl+c to stop")
	}}
	// The progress line is our own text, written past safeText so that its
	// carriage return and erase-line can redraw it in place.
	term := terminal(a.stderr)
	if term != nil {
		opts.OnProgress = func(p store.Progress) {
			fmt.Fprint(term, "\r\x1b[K"+textsafe.Truncate(progressLine(p, time.Now()), width(term)))
		}
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

// progressLine is one line of a sync's progress, for a terminal: a bar when
// the number of pages is known, what was stored, the requests and the
// server's budget left, and the time to go at the pace so far.
func progressLine(p store.Progress, now time.Time) string {
	line := fmt.Sprintf("syncing: page %d", p.Page)
	if p.Pages > 0 {
		line = fmt.Sprintf("syncing %s page %d of %d", bar(p.Page, p.Pages, 20), p.Page, p.Pages)
	}
	line += fmt.Sprintf(" · %d new, %d updated · %d requests", p.New, p.Updated, p.Requests)
	if p.Budgeted {
		line += fmt.Sprintf(" · budget %d of %d", p.Budget.Remaining, p.Budget.Limit)
		if p.Budget.Remaining == 0 && p.Budget.Reset.After(now) {
			line += ", resets in " + p.Budget.Reset.Sub(now).Round(time.Second).String()
		}
	}
	line += " · " + p.Elapsed.Round(time.Second).String()
	if p.Pages > p.Page && p.Page > 0 {
		eta := p.Elapsed / time.Duration(p.Page) * time.Duration(p.Pages-p.Page)
		line += " · about " + eta.Round(time.Second).String() + " left"
	}
	return line
}

// bar draws done of total as width cells.
func bar(done, total, width int) string {
	n := min(width, max(0, done*width/max(total, 1)))
	return "[" + strings.Repeat("#", n) + strings.Repeat("-", width-n) + "]"
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

// width is the terminal's width, less one column: a line that fills the
// last column wraps on some terminals, and the carriage return would then
// redraw only its second half.
func width(f *os.File) int {
	if w, _, err := term.GetSize(f.Fd()); err == nil && w > 1 {
		return w - 1
	}
	return 79
}
