package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"donations/api"
	"donations/dataset"
)

func cacheCommand(a *app) *cobra.Command {
	c := &cobra.Command{
		Use:   "cache info|clear",
		Short: "Show or remove the local store of donations",
		Long: `The local store keeps the donations a sync read, donor names and e-mails included, in one private file per account under $XDG_CACHE_HOME/donations/ (default ~/.cache/donations/). The API key is never stored.

cache info shows where it is and what it holds; cache clear removes the account's store, cache clear --all every account's.`,
		Args: noArgs,
	}
	c.AddCommand(cacheInfoCommand(a), cacheClearCommand(a))
	return c
}

func cacheInfoCommand(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "info",
		Short: "Where the account's store is, its size, donations and last syncs",
		Args:  noArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return ran(runCacheInfo(c.Context(), a)) },
	}
}

func runCacheInfo(ctx context.Context, a *app) error {
	path, err := offlineStore(ctx, a)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(a.stdout, "path:        %s (not created yet: run  %s)\n", path, syncAgain(a))
		return nil
	}
	s, err := openStore(ctx, a, path)
	if err != nil {
		return err
	}
	defer s.Close()
	in, err := s.Info(ctx)
	if err != nil {
		return storeError(err)
	}
	fmt.Fprintf(a.stdout, "path:        %s\nsize:        %.1f MB\ndonations:   %d\nholds:       %s\nlast sync:   %s\nlast full:   %s\nserver:      %s\n",
		in.Path, float64(in.Bytes)/1e6, in.Donations, holds(in), when(in.Status.LastSync), when(in.Status.LastFull), in.Server)
	if err := kindsInfo(ctx, a, s); err != nil {
		return err
	}
	if in.Status.Running {
		fmt.Fprintln(a.stdout, "sync:        running now")
	}
	return nil
}

// kindsInfo writes what the store holds of each other kind: a line each
// that it read, and one for those the server has not (a 404, said once)
// and one for those never read.
func kindsInfo(ctx context.Context, a *app, s dataset.Local) error {
	var none, unread []string
	for _, k := range api.RecordKinds {
		held, err := dataset.HeldOfKind(ctx, s, k)
		if err != nil {
			return storeError(err)
		}
		switch {
		case held.None:
			none = append(none, k.Name)
		case held.Read.IsZero():
			unread = append(unread, k.Name)
		default:
			fmt.Fprintf(a.stdout, "%-13s%d, read whole %s\n", k.Name+":", held.Records, when(held.Read))
		}
	}
	if len(none) > 0 {
		fmt.Fprintf(a.stdout, "not served:  this server has no %s (it answered 404 to their endpoints)\n", strings.Join(none, ", "))
	}
	if len(unread) > 0 {
		fmt.Fprintf(a.stdout, "not read:    %s (donations sync reads them)\n", strings.Join(unread, ", "))
	}
	return nil
}

// holds says how much of the account the store holds complete.
func holds(in dataset.Info) string {
	h := in.Held
	if h.Complete {
		return "the whole account, as of " + when(h.AsOf)
	}
	if h.About == 0 {
		// No page's answer has said how long the list is: "of ≈0" would
		// read as an empty account.
		return fmt.Sprintf("part of the account: %d donations, of a total not known yet (donations sync adds the rest)", h.All)
	}
	return fmt.Sprintf("part of the account: %d of ≈%d donations (donations sync adds the rest)", h.All, max(h.About, h.All))
}

func when(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Local().Format("2006-01-02 15:04:05") + " (" + time.Since(t).Round(time.Second).String() + " ago)"
}

func cacheClearCommand(a *app) *cobra.Command {
	var all bool
	c := &cobra.Command{
		Use:   "clear [--all]",
		Short: "Remove the account's store (--all: every account's)",
		Args:  noArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return ran(runCacheClear(c.Context(), a, all)) },
	}
	c.Flags().BoolVar(&all, "all", false, "remove the stores of every account: the whole $XDG_CACHE_HOME/donations folder")
	return c
}

func runCacheClear(ctx context.Context, a *app, all bool) error {
	if all {
		dir := cacheDir(a.getenv)
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "removed %s\n", dir)
		return nil
	}
	path, err := offlineStore(ctx, a)
	if err != nil {
		return err
	}
	if err := dataset.RemoveLocal(path); err != nil {
		return storeError(err)
	}
	fmt.Fprintf(a.stdout, "removed %s\n", path)
	return nil
}
