package main

import (
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// terms says which of the program's streams are terminals. It is found
// once, as the program starts, from the streams it was given; every command
// asks it rather than the files, so tests that give buffers get no terminal.
type terms struct {
	out, err *os.File // stdout and stderr when they are terminals, else nil
	in       bool     // stdin is one too: the browser and setup read keys from it
}

func detectTerms(stdout, stderr io.Writer) terms {
	t := terms{out: terminalFile(stdout), err: terminalFile(stderr)}
	// Keys are read from stdin only where the screen is stdout.
	t.in = t.out == os.Stdout && term.IsTerminal(os.Stdin.Fd())
	return t
}

// terminalFile is the terminal under w, or nil when w does not lead to one.
func terminalFile(w io.Writer) *os.File {
	if s, ok := w.(safeText); ok {
		w = s.w
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return f
	}
	return nil
}

// width is a terminal's width, less one column: a line that fills the
// last column wraps on some terminals, and the carriage return would then
// redraw only its second half.
func width(f *os.File) int {
	if w, _, err := term.GetSize(f.Fd()); err == nil && w > 1 {
		return w - 1
	}
	return 79
}
