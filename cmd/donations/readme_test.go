package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"donations/config"
	"donations/ui"
)

// Every TOML example of the README and docs/ is a config file the program
// takes, shaping settings included.
func TestReadmeConfigExamplesLoad(t *testing.T) {
	t.Parallel()
	n := 0
	for name, text := range documentation(t) {
		for i, block := range fenced(text, "toml") {
			n++
			where := fmt.Sprintf("%s, TOML example %d", name, i+1)
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte(block), 0o600); err != nil {
				t.Fatal(err)
			}
			shape, err := config.ReadShape(path, func(string) string { return "" }, shapeNames())
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			var opts ui.Options
			if err := shapeOptions(&opts, shape, time.Now()); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			km := ui.NewKeyMap()
			if err := km.Remap(opts.Keys); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
	}
	if n < 2 {
		t.Fatalf("%d TOML examples in the README and docs/", n)
	}
}

// Every donations command line the README and docs/ show in an sh block
// names commands and flags that exist, with values they take: a renamed flag
// or command fails here, not in a reader's terminal.
func TestDocumentedCommandsParse(t *testing.T) {
	t.Parallel()
	n := 0
	for name, text := range documentation(t) {
		for _, block := range fenced(text, "sh") {
			for _, args := range documentedCommands(block) {
				n++
				if err := parses(args); err != nil {
					t.Errorf("%s: donations %s: %v", name, strings.Join(args, " "), err)
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d donations command lines found in the README and docs/", n)
	}
}

// parses reads args as the program would, up to running the command.
func parses(args []string) error {
	a := &app{env: env{stdout: io.Discard, stderr: safeText{io.Discard}, getenv: func(string) string { return "" }, now: pinnedNow}}
	c, rest, err := newRoot(a).Find(args)
	if err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	return c.ValidateArgs(c.Flags().Args())
}

// documentation is the README and every page of docs/, by file name.
func documentation(t *testing.T) map[string]string {
	paths, err := filepath.Glob("../../docs/*.md")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	texts := map[string]string{}
	for _, p := range append(paths, "../../README.md") {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		texts[strings.TrimPrefix(p, "../../")] = string(b)
	}
	return texts
}

// fenced is the bodies of text's code blocks fenced as lang.
func fenced(text, lang string) []string {
	var blocks []string
	for _, block := range strings.Split(text, "```"+lang+"\n")[1:] {
		blocks = append(blocks, block[:strings.Index(block, "```")])
	}
	return blocks
}

// documentedCommands is the arguments of each donations command in a shell
// block, run as `donations` or `go run ./cmd/donations`, after any
// VAR=value, up to a pipe, a redirection, && or a comment. (A console block
// is left out: it shows a transcript, mistakes included.)
func documentedCommands(block string) [][]string {
	var commands [][]string
	for _, line := range strings.Split(strings.ReplaceAll(block, "\\\n", " "), "\n") {
		for _, words := range shellCommands(line) {
			for len(words) > 0 && strings.Contains(words[0], "=") {
				words = words[1:]
			}
			switch {
			case len(words) > 0 && words[0] == "donations":
				commands = append(commands, words[1:])
			case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/donations":
				commands = append(commands, words[3:])
			}
		}
	}
	return commands
}

// shellCommands splits a shell line into its simple commands' words, as sh
// would for the quoting the docs use: quotes kept together, redirections
// and their targets dropped, a comment ending the line.
func shellCommands(line string) [][]string {
	var commands [][]string
	var words []string
	var word strings.Builder
	inWord, quote, redirect := false, rune(0), false
	end := func() {
		if inWord && !redirect {
			words = append(words, word.String())
		}
		if inWord {
			redirect = false
		}
		word.Reset()
		inWord = false
	}
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			end()
			return append(commands, words)
		case r == '|' || r == '&' || r == ';':
			end()
			if len(words) > 0 {
				commands = append(commands, words)
			}
			words = nil
		case r == '>' || r == '<':
			end()
			redirect = true
		case r == ' ' || r == '\t':
			end()
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	end()
	return append(commands, words)
}

// A view the browser saves through the wiring lands in the default config
// file and reads back, at the next start, as the same view.
func TestASavedViewReadsBackAsTheSameView(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	getenv := func(k string) string { return map[string]string{"HOME": home}[k] }
	path := config.DefaultPath(getenv)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("# mine\n[views.refunds]\nstatus = \"refunded\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	now := pinnedNow()
	v, err := ui.NewView("big gifts", map[string]string{"amount": "250..", "dates": "this year", "sort": "-amount"}, now)
	if err != nil {
		t.Fatal(err)
	}
	a := &app{env: env{getenv: getenv, now: pinnedNow}}
	if err := saveView(a)(v, false); err != nil {
		t.Fatal(err)
	}
	shape, err := config.ReadShape("", getenv, shapeNames())
	if err != nil {
		t.Fatal(err)
	}
	var opts ui.Options
	if err := shapeOptions(&opts, shape, now); err != nil {
		t.Fatal(err)
	}
	if len(opts.Views) != 2 || opts.Views[0].Name != "big gifts" || !reflect.DeepEqual(opts.Views[0], v) || opts.Views[1].Name != "refunds" {
		t.Errorf("views read back: %+v, want %+v first", opts.Views, v)
	}
}
