package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"donations/api"
	"donations/config"
	"donations/dataset"
	"donations/export"
)

// runKind lists the Ts that the flags select: read from the server into
// the account's store (or, filtered by the server or with --no-cache, a
// store in memory), or with --offline from the account's store alone.
func runKind[T api.KindRecord](ctx context.Context, a *app, o *kindOptions) error {
	format, width := outputFormat(a, o.format, "ndjson")
	if o.offline {
		return kindOffline[T](ctx, a, o, format, width)
	}
	k := o.spec.kind
	sent := o.sentFilters()
	acct, err := connect(ctx, a, hooks{onWait: waitNotice(a.env)})
	if err != nil {
		return err
	}
	defer acct.close()
	path := acct.store
	if len(sent) > 0 {
		path = "" // a part of the list, which must not replace the account's whole
	}
	s, err := openStore(ctx, a, path)
	if err != nil {
		return err
	}
	defer s.Close()
	read, err := dataset.ReadKind[T](ctx, s, acct.client, api.KindQuery{Filters: sent})
	if err != nil {
		return storeError(err)
	}
	if read.None {
		fmt.Fprintln(a.stderr, "donations:", read.Line())
		return nil
	}
	if read.Skipped > 0 && read.Partial == nil {
		fmt.Fprintln(a.stderr, "donations: warning:", read.Line())
	}
	if read.Partial != nil {
		held, err := dataset.HeldOfKind(ctx, s, k)
		if err != nil {
			return storeError(err)
		}
		if held.Read.IsZero() || held.None {
			// A script must not take a part of the list for the whole.
			return fmt.Errorf("the %s could not be read whole, so none are listed: %w", k.Name, read.Partial)
		}
		if err := writeKind[T](ctx, a, o, s, o.filter, format, width); err != nil {
			return err
		}
		// Nor what the store held for what the server lists now: the
		// error, worded as the donations' are, and exit 1, as list does.
		return fmt.Errorf("%w; the store keeps the %s it had: the %d written are those it read whole %s",
			read.Partial, k.Name, held.Records, when(held.Read))
	}
	return writeKind[T](ctx, a, o, s, o.filter, format, width)
}

// kindOffline lists the Ts the account's store holds, with no request.
func kindOffline[T api.KindRecord](ctx context.Context, a *app, o *kindOptions, format string, width int) error {
	k := o.spec.kind
	f, err := o.storeFilter()
	if err != nil {
		return err
	}
	path, err := offlineStore(ctx, a)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return &config.Error{Msg: fmt.Sprintf("this account was never synced (no store at %s): run  %s", path, syncAgain(a))}
	}
	s, err := openStore(ctx, a, path)
	if err != nil {
		return err
	}
	defer s.Close()
	held, err := dataset.HeldOfKind(ctx, s, k)
	if err != nil {
		return storeError(err)
	}
	switch {
	case held.None:
		fmt.Fprintln(a.stderr, "donations:", dataset.NoKindLine(k))
		return nil
	case held.Read.IsZero():
		return &config.Error{Msg: fmt.Sprintf("the local store holds no %s yet: run  %s", k.Name, syncAgain(a))}
	}
	return writeKind[T](ctx, a, o, s, f, format, width)
}

// writeKind writes the Ts of s that f selects in format: json and ndjson
// as the server sent each, table and csv as export's kind report.
func writeKind[T api.KindRecord](ctx context.Context, a *app, o *kindOptions, s dataset.Local, f dataset.KindFilter, format string, width int) error {
	recs, err := dataset.Records[T](ctx, s, f)
	if err != nil {
		return storeError(err)
	}
	if err := export.WriteKind(o.bom.out(ctx, a, format), format, recs, width); err != nil {
		return err
	}
	n, first, err := dataset.NextUnread(ctx, s, f)
	if err != nil {
		return storeError(err)
	}
	if n > 0 {
		fmt.Fprintf(a.stderr, "donations: warning: plans whose next gift date is in no form --next-before reads, so not listed: %d (the first: %q)\n",
			n, first)
	}
	return nil
}
