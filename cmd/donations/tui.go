package main

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"donations/config"
	"donations/ui"
)

func runTUI(ctx context.Context, g *globals, e env) int {
	acct, err := connect(ctx, g, e)
	if errors.Is(err, config.ErrNotConfigured) {
		fmt.Fprintln(e.stderr, config.NotConfiguredHelp(config.DefaultPath(e.getenv)))
		return exitConfig
	}
	if err != nil {
		return reportError(e, err)
	}
	defer acct.close()
	m := ui.New(ui.FromClient(acct.client), ui.Options{Account: acct.label})
	if _, err := tea.NewProgram(m, tea.WithContext(ctx)).Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintln(e.stderr, "donations:", err)
		return exitAPI
	}
	return exitOK
}
