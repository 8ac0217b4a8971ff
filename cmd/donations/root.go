package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"donations/suggest"
)

// app is what every command shares: where it writes, the environment, and the
// global flags, which connect turns into a client.
type app struct {
	env
	g globals
}

// commands are the sub-commands (the help lists them sorted by name). A new
// command is a file holding its constructor, and one line here.
var commands = []func(*app) *cobra.Command{
	listCommand,
	syncCommand,
	plansCommand,
	campaignsCommand,
	donorsCommand,
	eventsCommand,
	ticketsCommand,
	purchasesCommand,
	summaryCommand,
	reportCommand,
	cacheCommand,
	demoServerCommand,
	manCommand,
}

const rootLong = `Browse an organization's donations through the Donations Read API.

Without a command, donations opens the terminal browser on the configured profile (or --demo, on built-in demo data); the first start on a terminal asks for the account and writes the config file.

The API key comes from DONATIONS_API_KEY, or the profile's api_key_cmd, api_key_env or api_key. It is never printed.

Exit status: 0 ok, 1 API or network failure, 2 usage or configuration error, 3 internal error (a bug; the message asks for a report), 130 interrupted (ctrl+c).`

func newRoot(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "donations",
		Short: "Browse an organization's donations through the Donations Read API",
		Long:  rootLong,
		Example: `  donations --demo
  donations --profile main
  donations list --demo --email ada.lovelace@example.org
  donations completion bash > ~/.local/share/bash-completion/completions/donations`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return unknownCommand(c, args[0])
		},
		RunE: func(c *cobra.Command, _ []string) error { return ran(runTUI(c.Context(), a)) },
	}
	// Before addCompletion, whose commands keep the writer they find then.
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetHelpFunc(func(c *cobra.Command, _ []string) { writeHelp(c.OutOrStdout(), c, helpWidth(a.terms)) })
	a.g.register(root)
	root.SetFlagErrorFunc(flagError)
	for _, newCommand := range commands {
		root.AddCommand(newCommand(a))
	}
	addCompletion(root)
	root.SetHelpCommand(helpCommand())
	refuseUnknownCommands(root)
	for _, c := range root.Commands() {
		if accountFree[c.Name()] {
			hideGlobalsInHelp(c)
		}
	}
	return root
}

// accountFree are the commands that use no account (help is one too): the
// global flags, which choose an account and log its requests, mean nothing
// to them.
var accountFree = map[string]bool{"demo-server": true, "man": true, "completion": true}

// hideGlobalsInHelp leaves the global flags out of c's help (and its
// sub-commands'): the flags are shared with every command, so they are
// hidden only while the help is drawn.
func hideGlobalsInHelp(c *cobra.Command) {
	c.SetHelpFunc(func(c *cobra.Command, args []string) {
		var hidden []*pflag.Flag
		c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				f.Hidden = true
				hidden = append(hidden, f)
			}
		})
		defer func() {
			for _, f := range hidden {
				f.Hidden = false
			}
		}()
		c.Root().HelpFunc()(c, args)
	})
}

// execute runs the command line in args and returns the exit status: the
// one place an error becomes one. A command's error is told by reportError;
// one it reported itself comes back as an exitStatus; any other error is a
// mistake on the command line, told in one line with where to read more.
func execute(ctx context.Context, e env, root *cobra.Command, args []string) int {
	root.SetArgs(args)
	root.SilenceUsage, root.SilenceErrors = true, true
	root.Version = versionText()
	if err := unknownBeforeHelp(root, args); err != nil {
		printUsageError(e.stderr, root, args, err)
		return exitConfig
	}
	err := root.ExecuteContext(ctx)
	var (
		st  exitStatus
		ran commandError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &st):
		return int(st)
	// A usage error found as the command ran (a value no donation has) is
	// told as one found in parsing: one line and a Try line.
	case errors.As(err, &ran) && !errors.As(ran.err, new(usageError)):
		return reportError(e, ran.err)
	}
	printUsageError(e.stderr, root, args, err)
	return exitConfig
}

// unknownBeforeHelp refuses a word that names none of the commands of the
// command it follows, --help or not: cobra answers --help with that
// command's help before it looks at the word, and a misspelt command
// asked for help would print the wrong help and exit 0.
func unknownBeforeHelp(root *cobra.Command, args []string) error {
	c, rest, err := root.Find(args)
	if err != nil || !c.HasAvailableSubCommands() || !slices.Contains(args, "--help") && !slices.Contains(args, "-h") {
		return nil
	}
	c.InitDefaultHelpFlag() // defined as Execute defines it, so that --help parses
	if c.ParseFlags(rest) != nil {
		return nil // a bad flag is cobra's to tell, as without --help
	}
	if words := c.Flags().Args(); len(words) > 0 {
		return unknownCommand(c, words[0])
	}
	return nil
}

// unknownCommand refuses a word that names none of parent's commands,
// with the one it was likely meant to be, or else the list of them.
func unknownCommand(parent *cobra.Command, name string) error {
	var names []string
	for _, c := range parent.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	msg := fmt.Sprintf("unknown command %q", name)
	if s := suggest.DidYouMean(name, names); s != "" {
		return errors.New(msg + s)
	}
	if parent.HasParent() {
		msg += " (" + parent.Name() + " takes " + strings.Join(names, ", ") + ")"
	}
	return errors.New(msg)
}

// refuseUnknownCommands makes each command that holds others refuse a word
// that names none of them, as the program itself does: left as cobra
// makes it, such a command answers any word with its whole help and exit
// status 0. Given no word, it shows its help.
func refuseUnknownCommands(c *cobra.Command) {
	for _, sub := range c.Commands() {
		refuseUnknownCommands(sub)
	}
	if !c.HasSubCommands() || !c.HasParent() {
		return
	}
	c.Args = func(c *cobra.Command, args []string) error {
		if len(args) > 0 {
			return unknownCommand(c, args[0])
		}
		return nil
	}
	if !c.Runnable() {
		c.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
	}
}
