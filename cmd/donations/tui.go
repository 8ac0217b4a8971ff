package main

import (
	"context"
	"fmt"
)

func runTUI(ctx context.Context, g *globals, e env) int {
	fmt.Fprintln(e.stderr, "donations: the terminal browser is not built yet; use `donations list`")
	return exitConfig
}
