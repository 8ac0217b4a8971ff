package textsafe

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal cells s takes, as tmux and the terminals
// that do not cluster graphemes (DEC mode 2027) count them, and as Bubble Tea
// lays out its screen there: code point by code point, by wcwidth. So a
// Devanagari spacing vowel sign (ि, ा) takes a cell, where grapheme counting
// gives it none and a row holding प्रिया शर्मा would run 5 cells past its
// column. Escape sequences take none. Every width the program fits text to is
// measured here (Truncate, Fit and Wrap count the same way); ZWJ sequences,
// the one place tmux counts otherwise, never reach it: Line strips the joiner.
func Width(s string) int { return ansi.StringWidthWc(s) }

// Truncate cuts s to at most w cells, ending with "…" when it cut. It cuts
// between grapheme clusters, so no vowel sign is left without its consonant.
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	// Not ansi.TruncateWc: it returns s whole when its grapheme count fits.
	var b strings.Builder
	room, cut := w-1, false // one cell for the "…"
	var state byte
	for s != "" {
		seq, cells, n, next := ansi.DecodeSequenceWc(s, state, nil)
		state, s = next, s[n:]
		switch {
		case !cut && cells <= room:
			b.WriteString(seq)
			room -= cells
		case !cut:
			cut = true
			b.WriteString("…")
		}
		if cut && strings.HasPrefix(seq, "\x1b") {
			b.WriteString(seq) // styles still close after the cut
		}
	}
	return b.String()
}

// Wrap breaks s into lines of at most w cells: at spaces, and inside a word
// too long for a line after one of breaks (an e-mail address after its "@"
// or a ".") before cutting it anywhere. Escape sequences are kept.
func Wrap(s string, w int, breaks string) string {
	w = max(w, 1)
	lines := strings.Split(ansi.WordwrapWc(s, w, ""), "\n")
	for i, l := range lines {
		if Width(l) > w {
			lines[i] = ansi.WrapWc(l, w, breaks)
		}
	}
	return strings.Join(lines, "\n")
}

// Fit cuts or pads s to exactly w cells, left-aligned.
func Fit(s string, w int) string {
	s = Truncate(s, w)
	return s + strings.Repeat(" ", max(0, w-Width(s)))
}

// FitRight cuts or pads s to exactly w cells, right-aligned.
func FitRight(s string, w int) string {
	s = Truncate(s, w)
	return strings.Repeat(" ", max(0, w-Width(s))) + s
}

// Column is one fixed-width column of a text table, aligned left or right.
// The browser's list and `list --format table` both fit their cells with it.
type Column struct {
	Width int
	Right bool
}

// Fit cuts or pads s to the column's width, on its side.
func (c Column) Fit(s string) string {
	if c.Right {
		return FitRight(s, c.Width)
	}
	return Fit(s, c.Width)
}

// Thousands writes a decimal with thousands separators: 109398.00 → 109,398.00.
func Thousands(dec string) string {
	sign := ""
	if strings.HasPrefix(dec, "-") {
		sign, dec = "-", dec[1:]
	}
	whole, frac, hasFrac := strings.Cut(dec, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}
