package main

import (
	"github.com/spf13/cobra"
)

// helpCommand replaces cobra's `help`, which answers a topic it does not know
// with the whole help of the program and exit status 0.
func helpCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		ValidArgsFunction: func(c *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			target, _, _ := c.Root().Find(args)
			var names []cobra.Completion
			for _, sub := range target.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := c.Root().Find(args)
			if err != nil {
				return err
			}
			if len(rest) > 0 {
				return unknownCommand(target, rest[0])
			}
			target.InheritedFlags() // merges the global flags in, as `target --help` does
			return target.Help()
		},
	}
	hideGlobalsInHelp(c)
	return c
}
