package store

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold is text as searches compare it: lower case, accents removed, so
// "zoe lef" finds "Zoë Lefèvre". The search column and every query use it.
func Fold(s string) string {
	if ascii(s) {
		return strings.ToLower(s) // most text: no accent to remove
	}
	if out, ok := foldTable(s); ok {
		return out
	}
	return foldSlow(s)
}

// foldSlow is Fold by the transform itself, for any text.
func foldSlow(s string) string {
	// A chain holds buffers of 8 KB: made for each donation stored, they
	// were a third of what folding its search text cost.
	t := unaccents.Get().(transform.Transformer)
	defer unaccents.Put(t)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}

// unaccents are transformers that remove accents, reused (each is used by
// one goroutine at a time; transform.String resets it).
var unaccents = sync.Pool{New: func() any {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// foldTo is the reach of folded: Latin (to the spacing modifier letters),
// Greek and Cyrillic, the letters of donors' names.
const foldTo = 0x500

// folded is foldSlow of each rune below foldTo that it folds rune by rune
// ("" for the others), built from the transform itself so that the two
// cannot disagree: the transform was a third of what a donation's row cost.
// It is built on first use, not when the program starts.
var folded = sync.OnceValue(func() []string {
	t := make([]string, foldTo)
	for r := rune(0x80); r < foldTo; r++ {
		if alone(r) {
			t[r] = foldSlow(string(r))
		}
	}
	return t
})

// alone says whether r folds the same whatever is beside it: it is no
// mark (one would be removed, or composed with what is before it), and
// what it folds to holds none either, nor anything NFC composes with what
// stands before it; what stands after it in folded text is no mark, so
// nothing composes with it either.
func alone(r rune) bool {
	if unicode.In(r, unicode.M) || norm.NFD.PropertiesString(string(r)).CCC() != 0 {
		return false
	}
	out := foldSlow(string(r))
	for _, o := range out {
		p := norm.NFC.PropertiesString(string(o))
		if unicode.In(o, unicode.M) || p.CCC() != 0 || !p.BoundaryBefore() {
			return false
		}
	}
	return out != ""
}

// foldTable is Fold of s through folded; false when s holds a rune it
// does not fold (or bytes that are not UTF-8).
func foldTable(s string) (string, bool) {
	t := folded()
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r >= foldTo || t[r] == "" {
			return "", false
		}
		b.WriteString(t[r])
		i += n
	}
	return b.String(), true
}
