package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/dataset"
	"donations/export"
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
		RunE: func(c *cobra.Command, _ []string) error { return ran(runSync(c.Context(), a, o)) },
	}
	fs := c.Flags()
	fs.BoolVar(&o.full, "full", false, "read every page again: apply changes and removals")
	intVar(fs, &o.window, "window", 0, 1000, "pages before the store's end read again for changes (0: none)")
	intVar(fs, &o.concurrency, "concurrency", 1, 16, "pages fetched at once when reading many, 1..16")
	return c
}

func runSync(ctx context.Context, a *app, o syncOptions) error {
	// On a terminal one status line shows progress and waits alike, and
	// --verbose lines go above it; elsewhere waits are lines of their own.
	h, line := terminalHooks(a)
	acct, err := connect(ctx, a, h)
	if err != nil {
		return err
	}
	defer acct.close()
	if acct.store == "" {
		fmt.Fprintln(a.stderr, "donations: warning: no store on disk (--demo, --no-cache or cache = false): this sync is kept in memory and lost at exit")
	}
	s, err := openStore(ctx, a, acct.store)
	if err != nil {
		return err
	}
	defer s.Close()
	opts := dataset.SyncOptions{Full: o.full, Window: o.window, Concurrency: o.concurrency, Kinds: acct.client, OnWait: func() {
		fmt.Fprintln(a.stderr, "donations: a sync of this store is already running (the browser's, another sync, or a command finishing one that stopped); waiting for it to end, ctrl+c to stop")
	}}
	res, err := line.watched(ctx, s, func(w *dataset.Watcher) (dataset.SyncResult, error) {
		return w.Sync(ctx, acct.client, opts)
	})
	for _, w := range res.Warnings {
		fmt.Fprintln(a.stderr, "donations: warning:", w)
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "donations: sync stopped; %d new and %d updated donations were saved and the next sync goes on from there\n", res.New, res.Updated)
		return err
	}
	var failed *api.Error // the first kind's read the server failed
	for _, k := range res.Kinds {
		if k.Partial != nil || k.Skipped > 0 {
			fmt.Fprintln(a.stderr, "donations: warning:", k.Line())
			if failed == nil {
				errors.As(k.Partial, &failed)
			}
		}
	}
	info, _ := s.Info(ctx)
	fmt.Fprintf(a.stdout, "synced: %d new, %d updated, %d removed · %d requests · %s · %d donations in the store\n",
		res.New, res.Updated, res.Removed, res.Requests, syncTime(res.Elapsed, s.Finishing()), info.Donations)
	if line := kindsRead(res.Kinds); line != "" {
		fmt.Fprintln(a.stdout, line)
	}
	if failed != nil {
		// As a read of the donations the server failed ends: its hint,
		// and exit 1, so that a script does not take the kinds the store
		// kept for the server's. A kind it cannot read whole is warned of
		// only, as such a walk of the donations is.
		if h := failed.Hint(); h != "" {
			fmt.Fprintln(a.stderr, h)
		}
		return exitStatus(exitAPI)
	}
	return nil
}

// syncTime is the time a sync took, with what opening the store took to
// finish the end of a stopped first sync (dataset.Local.Finishing): users quote
// this number, and the open's build can be most of such a sync.
func syncTime(sync, finishing time.Duration) string {
	if finishing <= 0 {
		return fmt.Sprintf("%.1f s", sync.Seconds())
	}
	return fmt.Sprintf("%.1f s (%.1f s of it finishing the store a stopped sync left)", (sync + finishing).Seconds(), finishing.Seconds())
}

// kindsRead is what a sync read of the other kinds, in one line: "also
// read: 12 campaigns, 70 plans, ..."; the kinds the server has not are
// said by cache info.
func kindsRead(reads []dataset.KindRead) string {
	var parts []string
	for _, k := range reads {
		switch {
		case k.Kept:
			parts = append(parts, fmt.Sprintf("%d %s kept (read whole within a day)", k.Records, k.Kind.Name))
		case !k.None && k.Partial == nil:
			parts = append(parts, fmt.Sprintf("%d %s", k.Records, k.Kind.Name))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "also read: " + strings.Join(parts, ", ")
}
