package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// helpWidth is the width help is laid out for: the terminal's, or 80
// columns where stdout is not one (a pager, a file).
func helpWidth(t terms) int {
	if t.out != nil {
		return width(t.out)
	}
	return 80
}

// helpTitle is a section's title; a terminal shows it bold (colorprofile
// drops it elsewhere, and under NO_COLOR).
var helpTitle = lipgloss.NewStyle().Bold(true)

// writeHelp writes c's help, laid out for width columns: words are never
// broken, lines never padded, and an example too long for a line goes on
// the next one after a backslash, so that it still runs when pasted.
func writeHelp(out io.Writer, c *cobra.Command, width int) {
	w := colorprofile.NewWriter(out, os.Environ())
	c.InheritedFlags() // merges the global flags in, as parsing does
	if text := c.Long; text != "" || c.Short != "" {
		if text == "" {
			text = c.Short
		}
		fmt.Fprintln(w)
		for _, para := range strings.Split(text, "\n") {
			fmt.Fprintln(w, wrapParagraph(para, width))
		}
	}
	section(w, "USAGE", []string{wrapText(usageLine(c), "  ", "    ", width)})
	if c.Example != "" {
		var lines []string
		for _, ex := range strings.Split(strings.Trim(c.Example, "\n"), "\n") {
			lines = append(lines, wrapShell(strings.TrimSpace(ex), width))
		}
		section(w, "EXAMPLES", lines)
	}
	var cmds [][2]string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			cmds = append(cmds, [2]string{sub.Name(), sub.Short})
		}
	}
	var flags [][2]string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			flags = append(flags, [2]string{flagKey(f), flagHelp(f)})
		}
	})
	keyWidth := 0
	for _, row := range append(append([][2]string{}, cmds...), flags...) {
		keyWidth = max(keyWidth, ansi.StringWidth(row[0]))
	}
	section(w, "COMMANDS", table(cmds, keyWidth, width))
	section(w, "FLAGS", table(flags, keyWidth, width))
	fmt.Fprintln(w)
}

func section(w io.Writer, title string, lines []string) {
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n\n", helpTitle.Render(title))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// usageLine is how c is called: its path, its arguments, [command] where it
// holds others, and [flags].
func usageLine(c *cobra.Command) string {
	use := c.UseLine()
	if c.HasAvailableSubCommands() && !strings.Contains(c.Use, " ") {
		use = strings.Replace(use, c.CommandPath(), c.CommandPath()+" [command]", 1)
	}
	return use
}

func flagKey(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "-" + f.Shorthand + " --" + f.Name
	}
	return "--" + f.Name
}

// flagHelp is a flag's usage, capitalized, with its default where that
// says something.
func flagHelp(f *pflag.Flag) string {
	help := f.Usage
	if help != "" {
		help = strings.ToUpper(help[:1]) + help[1:]
	}
	switch f.DefValue {
	case "", "false", "0", "[]":
	default:
		help += " (" + f.DefValue + ")"
	}
	return help
}

// table lays out rows of key and text: the keys in a column of keyWidth,
// the texts wrapped beside them; where that leaves too narrow a column,
// each text goes under its key.
func table(rows [][2]string, keyWidth, width int) []string {
	var out []string
	const indent, gap = 2, 2
	at := indent + keyWidth + gap
	for _, row := range rows {
		key := strings.Repeat(" ", indent) + row[0]
		if width-at < 30 {
			out = append(out, key, wrapText(row[1], strings.Repeat(" ", 6), strings.Repeat(" ", 6), width))
			continue
		}
		pad := strings.Repeat(" ", at-ansi.StringWidth(key))
		out = append(out, wrapText(row[1], key+pad, strings.Repeat(" ", at), width))
	}
	return out
}

// termLine is a line of a list of terms in a long help: the term, indented,
// then its text after two spaces or more ("  lybunt     donors who…").
var termLine = regexp.MustCompile(`^( +\S+ {2,})(\S.*)$`)

// wrapParagraph is a line of a command's long help wrapped to width: a
// term's text keeps to its column, under the term's own indent and width,
// so that the terms stand out; any other line is wrapped as text.
func wrapParagraph(para string, width int) string {
	if m := termLine.FindStringSubmatch(para); m != nil && width-ansi.StringWidth("  "+m[1]) >= 30 {
		head := "  " + m[1]
		return wrapText(m[2], head, strings.Repeat(" ", ansi.StringWidth(head)), width)
	}
	return wrapText(para, "  ", "  ", width)
}

// wrapText is text in lines of at most width columns, the first after
// first, the others after rest: broken between words only, so that a word
// longer than a line stands alone on it. No line ends in spaces.
func wrapText(text, first, rest string, width int) string {
	return wrapWords(strings.Fields(text), first, rest, width)
}

func wrapWords(words []string, first, rest string, width int) string {
	if len(words) == 0 {
		return strings.TrimRight(first, " ")
	}
	var b strings.Builder
	line, n := first, ansi.StringWidth(first)
	fresh := true
	for _, word := range words {
		ww := ansi.StringWidth(word)
		if !fresh && n+1+ww > width {
			b.WriteString(line + "\n")
			line, n, fresh = rest, ansi.StringWidth(rest), true
		}
		if !fresh {
			line += " "
			n++
		}
		line += word
		n += ww
		fresh = false
	}
	b.WriteString(line)
	return b.String()
}

// wrapShell is an example command in lines of at most width columns,
// broken between its arguments (a quoted one is one), each broken line
// ending with a backslash, so that the shell reads them as one.
func wrapShell(cmd string, width int) string {
	return strings.ReplaceAll(wrapWords(shellWords(cmd), "  ", "      ", width-2), "\n", " \\\n")
}

// shellWords splits cmd at the spaces outside quotes.
func shellWords(cmd string) []string {
	var words []string
	var quote rune
	start := -1
	for i, r := range cmd {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == ' ':
			if start >= 0 {
				words = append(words, cmd[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		words = append(words, cmd[start:])
	}
	return words
}
