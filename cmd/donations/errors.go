package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"donations/api"
	"donations/config"
	"donations/suggest"
)

// exitStatus is the error of a command that has already said what went
// wrong: only its status is left to give.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// usageError is a command line that asks something that cannot be asked:
// a filter that does not read, a value no donation has. Exit status 2.
type usageError string

func (u usageError) Error() string { return string(u) }

// commandError is what a command's run ended with, apart from the errors
// of its command line (flags, arguments), which are printed as usage.
type commandError struct{ err error }

func (c commandError) Error() string { return c.err.Error() }
func (c commandError) Unwrap() error { return c.err }

// ran is a command's error as execute maps it to an exit status: nil, one
// already reported (exitStatus), or one reportError says and maps.
func ran(err error) error {
	var st exitStatus
	if err == nil || errors.As(err, &st) {
		return err
	}
	return commandError{err}
}

// printUsageError says what is wrong with the command line in one line and
// where to read more: never the whole help, which buries the one line.
func printUsageError(w io.Writer, root *cobra.Command, args []string, err error) {
	if errors.As(err, new(exitStatus)) {
		return
	}
	path := root.Name()
	if c, _, ferr := root.Find(args); ferr == nil {
		path = c.CommandPath()
	}
	fmt.Fprintf(w, "%s: %s\nTry '%s --help'.\n", path, err, path)
}

// flagError rewrites pflag's parse errors to name the flag first and say
// what it takes, in the words of the README; an unknown flag gets the one
// of c's it was likely meant to be.
func flagError(c *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		noValue  *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
	)
	switch {
	case errors.As(err, &notExist):
		if short := notExist.GetSpecifiedShortnames(); len(short) > 1 {
			// Go's flag package, which many programs use, takes -name.
			return fmt.Errorf("unknown flag -%s (long flags take two dashes: --%s)", short, short)
		}
		if short := notExist.GetSpecifiedShortnames(); short != "" {
			return fmt.Errorf("unknown flag -%s", short)
		}
		name := notExist.GetSpecifiedName()
		return fmt.Errorf("unknown flag --%s%s", name, suggest.DidYouMean("--"+name, flagNames(c)))
	case errors.As(err, &noValue):
		return fmt.Errorf("--%s needs a value", noValue.GetFlag().Name)
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		var bad badValue
		if errors.As(err, &bad) {
			return fmt.Errorf("--%s: %s", f.Name, bad)
		}
		return fmt.Errorf("--%s: %q is not %s", f.Name, invalid.GetValue(), typeNoun(f.Value.Type()))
	}
	return err
}

// flagNames are the flags c takes, its own and the global ones, as a
// person would type them (without the dashes).
func flagNames(c *cobra.Command) []string {
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, "--"+f.Name)
		}
	})
	c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, "--"+f.Name)
		}
	})
	return names
}

func typeNoun(t string) string {
	switch t {
	case "int", "int64":
		return "a whole number"
	case "float64":
		return "a number"
	case "duration":
		return "a duration (such as 50ms or 2s)"
	case "bool":
		return "true or false"
	}
	return "valid"
}

// reportError prints err for a person and returns the exit status it deserves.
func reportError(e env, err error) int {
	var cfg *config.Error
	var apiErr *api.Error
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(e.stderr, "donations: interrupted")
		return exitInterrupted
	case errors.As(err, new(usageError)), errors.As(err, new(localFileError)):
		fmt.Fprintln(e.stderr, "donations:", err)
		return exitConfig
	case errors.Is(err, config.ErrNotConfigured):
		fmt.Fprintln(e.stderr, config.NotConfiguredHelp(config.DefaultPath(e.getenv)))
		return exitConfig
	case errors.As(err, &cfg):
		fmt.Fprintln(e.stderr, "donations:", cfg.Msg)
		return exitConfig
	case errors.As(err, &apiErr) && apiErr.Kind == api.KindInsecure:
		fmt.Fprintln(e.stderr, "donations:", err)
		return exitConfig
	case errors.As(err, &apiErr):
		fmt.Fprintln(e.stderr, "donations:", err)
		if h := apiErr.Hint(); h != "" {
			fmt.Fprintln(e.stderr, h)
		}
		return exitAPI
	}
	fmt.Fprintln(e.stderr, "donations:", err)
	return exitAPI
}

// noArgs refuses stray words after a command that takes only flags.
func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("unexpected argument %q (this command takes only flags)", args[0])
	}
	return nil
}
