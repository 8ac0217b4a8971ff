package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// addCompletion adds cobra's `completion bash|zsh|fish|powershell`, made to
// refuse a shell it does not know in one line: left as cobra makes it, a
// command with sub-commands and no action of its own answers any unknown
// word with its whole help and exit status 0.
func addCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	comp, _, err := root.Find([]string{"completion"})
	if err != nil || comp == root {
		return
	}
	comp.Args = func(_ *cobra.Command, args []string) error {
		if len(args) > 0 {
			return fmt.Errorf("unknown shell %q; give bash, zsh, fish or powershell", args[0])
		}
		return nil
	}
	comp.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
}
