package main

import (
	"fmt"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

func manCommand(a *app) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Write the manual page (roff) to stdout",
		Long:  `Write the manual page, made from the same commands and flags as the help, to stdout in roff, for man(1).`,
		Example: `  donations man > donations.1 && man ./donations.1
  donations man | sudo tee /usr/local/share/man/man1/donations.1 > /dev/null`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			page, err := mango.NewManPage(1, c.Root())
			if err == nil {
				_, err = fmt.Fprint(a.stdout, page.Build(roff.NewDocument()))
			}
			if err != nil {
				return ran(err)
			}
			return nil
		},
	}
}
