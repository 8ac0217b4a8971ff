package uictx

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"

	"donations/api"
	"donations/export"
	"donations/textsafe"
)

const Missing = "—"

// Show is a field's text, made safe for the terminal, or "—" when the server
// sent nothing (null or no field) — an empty string is shown as empty.
func Show(t api.Text) string {
	if !t.Valid {
		return Missing
	}
	return textsafe.Line(t.Value)
}

func ShowInt(n api.Int) string {
	if !n.Valid {
		return Missing
	}
	return Itoa(n.Value)
}

func ShowNumber(n api.Number) string {
	if !n.Valid {
		return Missing
	}
	return textsafe.Line(n.Text)
}

func ShowFlag(f api.Flag) string {
	switch {
	case !f.Valid:
		return Missing
	case f.Value:
		return "yes"
	}
	return "no"
}

// When formats a timestamp field in loc, with the zone's name.
func When(t api.Text, loc *time.Location, layout string) string {
	v, ok := api.TimeIn(t, loc) // a date with no time is that day in loc
	if !ok {
		return Show(t)
	}
	return v.In(loc).Format(layout)
}

// DonorName is the donor as the list shows it, or "—".
func DonorName(d *api.Summary) string {
	name := textsafe.Line(d.DonorName())
	if name == "" {
		name = Missing
	}
	return name
}

// Amount is the gift's amount as the list and detail show it, or "—".
func Amount(d *api.Summary) string {
	a := textsafe.Line(export.Amount(d.FormattedAmount, d.Amount, d.Currency))
	if a == "" {
		return Missing
	}
	return a
}

func Commas(n int) string { return Grouped(strconv.Itoa(n)) }

// Grouped writes a decimal with thousands separators: 109398.00 → 109,398.00.
func Grouped(dec string) string { return textsafe.Thousands(dec) }

// ErrorText is an error in full for the error panel: its one line, then what
// to do about it when the client knows.
func ErrorText(err error) string {
	var e *api.Error
	if errors.As(err, &e) {
		if h := e.Hint(); h != "" {
			// Each made safe on its own: an escape sequence left open in the
			// error's text would swallow the hint after it.
			return textsafe.Block(err.Error()) + "\n" + textsafe.Block(h)
		}
	}
	return textsafe.Block(err.Error())
}

func Itoa(v int64) string { return strconv.FormatInt(v, 10) }

// FirstLine is the part of an error that fits a message line, made safe:
// error text quotes what a server sent, and may carry escapes or bidi controls.
func FirstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return textsafe.Line(line)
}

func Money(cur string, v api.Decimal) string {
	if cur == "" {
		cur = "?"
	}
	return textsafe.Line(cur) + " " + Grouped(v.String())
}

// ByCount lists a map's keys, the largest count first, then by name.
func ByCount(m map[string]int) []string {
	return SortedKeys(m, func(a, b string) bool {
		if m[a] != m[b] {
			return m[a] > m[b]
		}
		return a < b
	})
}

// FitParts joins as many parts as fit in width with " · ", and says how many
// were left out with more(n); "" when not even that fits.
func FitParts(parts []string, width int, more func(n int) string) string {
	for k := len(parts); k >= 0; k-- {
		s := strings.Join(parts[:k], " · ")
		if k < len(parts) {
			s = strings.TrimPrefix(s+" "+more(len(parts)-k), " ")
		}
		if textsafe.Width(s) <= width {
			return s
		}
	}
	return ""
}

// SortedKeys lists a map's keys in the order less gives.
func SortedKeys[V any](m map[string]V, less func(a, b string) bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return less(keys[i], keys[j]) })
	return keys
}

// WrapParts joins parts with " · " and breaks the line between two parts
// rather than inside one, so that a figure is never cut at the edge; a
// part wider than a line alone is wrapped at its spaces.
func WrapParts(parts []string, width int) string {
	var lines []string
	line := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		switch {
		case line == "":
			line = p
		case textsafe.Width(line)+3+textsafe.Width(p) <= width:
			line += " · " + p
		default:
			lines, line = append(lines, line), p
		}
		if textsafe.Width(line) > width {
			wrapped := strings.Split(textsafe.Wrap(line, width, ""), "\n")
			lines, line = append(lines, wrapped[:len(wrapped)-1]...), wrapped[len(wrapped)-1]
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// PartialNote is Data.Partial as a view's title ends with it: in the
// warning colour, "" when the answer is whole.
func (c *Context) PartialNote(partial string) string {
	if partial != "" {
		return " " + c.Styles.Warn.Render("· "+textsafe.Line(partial))
	}
	return ""
}
