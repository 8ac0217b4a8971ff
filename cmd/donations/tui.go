package main

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/config"
	"donations/dataset"
	"donations/ui"
)

func runTUI(ctx context.Context, a *app) error {
	e := a.env
	var waits waitsToProgram
	acct, err := connect(ctx, a, hooks{onWait: waits.send, trace: waits.exchange, allWaits: true})
	if errors.Is(err, config.ErrNotConfigured) {
		return runSetup(ctx, a)
	}
	if err != nil {
		return err
	}
	defer acct.close()
	src, opts := ui.FromClient(acct.client), ui.Options{Now: a.now, Account: acct.label, Config: acct.file, Demo: acct.demo, CSVBOM: acct.csvBOM,
		FiscalStart: fiscalStart(ctx, a, 0)}
	opts.Curl = func(id int64) string { return acct.client.CurlFor(api.Query{ID: id}) }
	opts.Live = ui.LiveOptions{
		Sync: func(ctx context.Context, st dataset.Local, q api.Query, from int) (dataset.SyncResult, error) {
			return st.Sync(ctx, acct.client, dataset.SyncOptions{From: from, Query: q, NoWait: true})
		},
		LastPage: acct.client.LastPage, Budget: acct.client.Budget, Bell: acct.bell,
	}
	// The profile's store, or for --demo and --no-cache one in memory that
	// the same background sync fills, newest first, from the start.
	st, err := openStore(ctx, a, acct.store)
	if err != nil {
		return err
	}
	defer st.Close()
	opts.Store = st
	if last, full, err := st.Synced(ctx); err == nil {
		opts.LastSync, opts.LastFull = last, full
	}
	// The background sync reads the other kinds after the donations, as
	// donations sync does, so the : prompt has them to show.
	opts.Sync = ui.StoreSyncer(opts.Store, acct.client, dataset.SyncOptions{Window: 10, Concurrency: 4, Kinds: acct.client})
	if err := shapeOptions(&opts, acct.shape, a.now()); err != nil {
		return err
	}
	opts.SaveView, opts.CanSaveView = saveView(a), canSaveView(a)
	opts.State = newStateFile(e.getenv, acct.profile, acct.client.Endpoint(), acct.client.Username())
	m, err := ui.NewChecked(src, opts)
	if err != nil {
		return &config.Error{Msg: err.Error()}
	}
	p := tea.NewProgram(m, programOptions(ctx)...)
	waits.p.Store(p)
	_, err = p.Run()
	if code := tuiExit(e.stderr, err); code != exitOK {
		return exitStatus(code)
	}
	return nil
}

// runSetup shows the first-start screen on a terminal, writes the config file
// it collects, and goes on into the browser; elsewhere it explains how to start.
func runSetup(ctx context.Context, a *app) error {
	e := a.env
	path := a.g.configPath
	if path == "" {
		path = config.DefaultPath(e.getenv)
	}
	if !e.terms.in {
		fmt.Fprintln(e.stderr, config.NotConfiguredHelp(path))
		return exitStatus(exitConfig)
	}
	s := ui.NewSetup(path, setupCheck{e.getenv})
	if _, err := tea.NewProgram(s, programOptions(ctx)...).Run(); err != nil {
		fmt.Fprintln(e.stderr, "donations:", err)
		return exitStatus(exitConfig)
	}
	r := s.Result()
	if !r.Done {
		fmt.Fprintln(e.stderr, "donations: nothing configured; `donations --demo` shows the program on demo data.")
		return exitStatus(exitConfig)
	}
	if err := config.WriteNew(path, "main", setupProfile(r)); err != nil {
		fmt.Fprintln(e.stderr, "donations: writing the config file:", err)
		return exitStatus(exitConfig)
	}
	fmt.Fprintln(e.stderr, "donations: wrote", path)
	a.g.configPath = path
	return runTUI(ctx, a)
}
