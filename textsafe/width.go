package textsafe

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width is the number of terminal cells s takes, wide characters counting two.
func Width(s string) int { return ansi.StringWidth(s) }

// Truncate cuts s to at most w cells, ending with "…" when it cut.
func Truncate(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
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
