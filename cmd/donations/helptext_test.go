package main

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Help piped (80 columns) has no line wider than that, none padded with
// spaces, and every word of each text whole: wrapped between words only.
func TestHelpIsWrappedToTheWidthBetweenWords(t *testing.T) {
	t.Parallel()
	root := newRoot(&app{env: env{getenv: func(string) string { return "" }}})
	var check func(c *cobra.Command)
	check = func(c *cobra.Command) {
		r := runCmd(t, nil, append(strings.Fields(c.CommandPath())[1:], "--help")...)
		if r.code != 0 {
			t.Fatalf("%s --help: exit %d: %s", c.CommandPath(), r.code, r.stderr)
		}
		have := map[string]bool{}
		for _, line := range strings.Split(r.stdout, "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s --help: a line of %d columns: %q", c.CommandPath(), n, line)
			}
			if strings.TrimRight(line, " ") != line {
				t.Errorf("%s --help: a line padded with spaces: %q", c.CommandPath(), line)
			}
			for _, w := range strings.Fields(line) {
				have[w] = true
			}
		}
		texts := []string{c.Long}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				texts = append(texts, f.Usage)
			}
		})
		for _, text := range texts {
			for i, w := range strings.Fields(text) {
				if i > 0 && !have[w] { // the first is made upper-case
					t.Errorf("%s --help: the word %q is not whole", c.CommandPath(), w)
				}
			}
		}
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				check(sub)
			}
		}
	}
	check(root)
}

// An example too long for a line goes on the next after a backslash,
// never inside a quoted argument, so it still runs when pasted.
func TestLongExamplesStayOneShellCommand(t *testing.T) {
	t.Parallel()
	got := wrapShell(`donations summary --demo --by form --dates "last month" --sort -amount --top 5`, 40)
	want := "  donations summary --demo --by form \\\n      --dates \"last month\" --sort \\\n      -amount --top 5"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A list of terms in a command's long help keeps its column when wrapped:
// each report's name stands alone at the left of its text, which goes on
// under the text, not under the name.
func TestHelpKeepsTermsInTheirColumn(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "report", "--help")
	lines := strings.Split(r.stdout, "\n")
	for _, name := range []string{"lybunt", "sybunt", "retention", "recurring", "yoy", "ranges"} {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "    "+name+" ") })
		if i < 0 {
			t.Errorf("no line begins with the report %s:\n%s", name, r.stdout)
			continue
		}
		for _, next := range lines[i+1:] {
			if next == "" || termLine.MatchString(next) {
				break
			}
			if !strings.HasPrefix(next, strings.Repeat(" ", 15)) {
				t.Errorf("%s's text goes on under its name: %q", name, next)
			}
		}
	}
}
